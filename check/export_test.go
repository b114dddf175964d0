package check

// Unexported functions that the tests of package check_test call.
var (
	DetectRules = detectRules
)
