package check

// Unexported functions that the tests of package check_test call.
var (
	DetectRules = detectRules
)

// BlanksPrefix returns whether each of outs in turn, each beginning with
// the one before, could still become want but for blanks.
func BlanksPrefix(want string, outs ...string) []bool {
	p := blanksPrefix{want: []byte(want)}
	var oks []bool
	for _, out := range outs {
		oks = append(oks, p.ok([]byte(out)))
	}
	return oks
}

// StructureOf is structureOf, for the tests of the rules of structure.
var StructureOf = structureOf
