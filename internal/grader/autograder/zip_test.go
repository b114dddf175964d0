package autograder_test

import (
	"archive/zip"
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/grader/autograder"
)

// writeELF writes a small ELF file of linux/amd64, with a PT_INTERP
// program header naming interp if it is not "", and a dynamic section
// that needs the library needed if it is not "", and returns its path.
func writeELF(t *testing.T, interp, needed string) string {
	t.Helper()
	const ehSize, phSize, shSize = 64, 56, 64
	// Two program headers: a PT_LOAD, then a PT_INTERP or a PT_NOTE.
	progs := []elf.Prog64{{Type: uint32(elf.PT_LOAD), Flags: uint32(elf.PF_R | elf.PF_X), Align: 0x1000}, {Type: uint32(elf.PT_NOTE), Align: 1}}
	var data bytes.Buffer // what follows the header and the program headers
	phOff := uint64(ehSize)
	dataOff := func() uint64 { return phOff + uint64(len(progs))*phSize + uint64(data.Len()) }
	if interp != "" {
		progs[1].Type, progs[1].Flags = uint32(elf.PT_INTERP), uint32(elf.PF_R)
		progs[1].Off, progs[1].Filesz, progs[1].Memsz = dataOff(), uint64(len(interp)+1), uint64(len(interp)+1)
		data.WriteString(interp + "\x00")
	}
	var sections []elf.Section64
	if needed != "" {
		shstr := "\x00.shstrtab\x00.dynstr\x00.dynamic\x00"
		sections = append(sections, elf.Section64{},
			elf.Section64{Name: 1, Type: uint32(elf.SHT_STRTAB), Off: dataOff(), Size: uint64(len(shstr)), Addralign: 1})
		data.WriteString(shstr)
		dynstr := "\x00" + needed + "\x00"
		sections = append(sections, elf.Section64{Name: 11, Type: uint32(elf.SHT_STRTAB), Off: dataOff(), Size: uint64(len(dynstr)), Addralign: 1})
		data.WriteString(dynstr)
		for data.Len()%8 != 0 {
			data.WriteByte(0)
		}
		dyn := []elf.Dyn64{{Tag: int64(elf.DT_NEEDED), Val: 1}, {Tag: int64(elf.DT_NULL)}}
		sections = append(sections, elf.Section64{Name: 19, Type: uint32(elf.SHT_DYNAMIC), Off: dataOff(), Size: 32, Link: 2, Entsize: 16, Addralign: 8})
		binary.Write(&data, binary.LittleEndian, dyn)
	}
	shOff := dataOff()
	h := elf.Header64{
		Type: uint16(elf.ET_EXEC), Machine: uint16(elf.EM_X86_64), Version: uint32(elf.EV_CURRENT),
		Phoff: phOff, Ehsize: ehSize, Phentsize: phSize, Phnum: uint16(len(progs)), Shentsize: shSize,
	}
	copy(h.Ident[:], elf.ELFMAG)
	h.Ident[elf.EI_CLASS], h.Ident[elf.EI_DATA], h.Ident[elf.EI_VERSION] = byte(elf.ELFCLASS64), byte(elf.ELFDATA2LSB), byte(elf.EV_CURRENT)
	if len(sections) > 0 {
		h.Shoff, h.Shnum, h.Shstrndx = shOff, uint16(len(sections)), 1
	}
	var b bytes.Buffer
	binary.Write(&b, binary.LittleEndian, h)
	binary.Write(&b, binary.LittleEndian, progs)
	b.Write(data.Bytes())
	binary.Write(&b, binary.LittleEndian, sections)
	path := filepath.Join(t.TempDir(), "othello")
	if err := os.WriteFile(path, b.Bytes(), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCheckStatic(t *testing.T) {
	notELF := filepath.Join(t.TempDir(), "script")
	os.WriteFile(notELF, []byte("#!/bin/sh\n"), 0o755)
	tests := []struct {
		name  string
		path  string
		needs string // "" for static
	}{
		{"static", writeELF(t, "", ""), ""},
		{"interpreter", writeELF(t, "/lib64/ld-linux-x86-64.so.2", ""), "/lib64/ld-linux-x86-64.so.2"},
		{"library", writeELF(t, "", "libc.so.6"), "libc.so.6"},
		{"both", writeELF(t, "/lib64/ld-linux-x86-64.so.2", "libc.so.6"), "/lib64/ld-linux-x86-64.so.2, libc.so.6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := autograder.CheckStatic(tt.path)
			var d *autograder.DynamicError
			switch {
			case tt.needs == "" && err != nil:
				t.Errorf("got %v, want nil", err)
			case tt.needs != "" && (!errors.As(err, &d) || !errors.Is(err, autograder.ErrDynamic) || strings.Join(d.Needs, ", ") != tt.needs):
				t.Errorf("got %v, want a *autograder.DynamicError that needs %s", err, tt.needs)
			case tt.needs != "" && !strings.Contains(err.Error(), "CGO_ENABLED=0 go build"):
				t.Errorf("got %q, want it to say how to build a static binary", err)
			}
		})
	}
	t.Run("not ELF", func(t *testing.T) {
		if err := autograder.CheckStatic(notELF); err == nil || errors.Is(err, autograder.ErrDynamic) {
			t.Errorf("got %v, want an error that it is not ELF", err)
		}
	})
}

// TestWriteGradescopeZip writes autograders and reads them back: the
// binary, setup.sh and run_autograder, executable; the transcripts of
// each golden folder and the weights file, which run_autograder names
// under $root/source; and its othello check line, each argument quoted
// for sh where it must be.
func TestWriteGradescopeZip(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		path := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	bin := write("othello", "the binary")
	write("full/a.in", "a.in")
	write("full/a.out", "a.out")
	write("full/deep/b.err", "b.err")
	write("full/notes.txt", "not a transcript")
	write("simple/c.in", "c.in")
	weights := write("weights.txt", "reference 100\n")
	for _, tt := range []struct {
		name  string
		z     autograder.Bundle
		line  string            // othello check's arguments in run_autograder
		files map[string]string // the zip's files but othello, setup.sh and run_autograder
	}{
		{
			"bare",
			autograder.Bundle{Binary: bin, Flags: []string{"-n=7"}, Command: []string{"./a.out"}},
			"-n=7 -- ./a.out",
			map[string]string{},
		},
		{
			"golden, weights and quotes",
			autograder.Bundle{
				Binary: bin, Flags: []string{"-env=COURSE=othello 101", "-n=7", "-seed=3"},
				Golden: []string{filepath.Join(dir, "full"), filepath.Join(dir, "simple")}, Weights: weights,
				Command: []string{"python3", "it's.py", ""},
			},
			`'-env=COURSE=othello 101' -n=7 -seed=3 -golden "$root/source/golden/0" -golden "$root/source/golden/1" -weights "$root/source/weights.txt" -- python3 'it'\''s.py' ''`,
			map[string]string{
				"golden/0/a.in": "a.in", "golden/0/a.out": "a.out", "golden/0/deep/b.err": "b.err", "golden/1/c.in": "c.in",
				"weights.txt": "reference 100\n",
			},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "autograder.zip")
			if err := autograder.WriteGradescopeZip(path, tt.z); err != nil {
				t.Fatal(err)
			}
			z, err := zip.OpenReader(path)
			if err != nil {
				t.Fatal(err)
			}
			defer z.Close()
			files, modes := map[string]string{}, map[string]fs.FileMode{}
			for _, f := range z.File {
				r, err := f.Open()
				if err != nil {
					t.Fatal(err)
				}
				data, err := io.ReadAll(r)
				r.Close()
				if err != nil {
					t.Fatal(err)
				}
				files[f.Name], modes[f.Name] = string(data), f.Mode().Perm()
			}
			for name, want := range map[string]fs.FileMode{"othello": 0o755, "setup.sh": 0o755, "run_autograder": 0o755} {
				if modes[name] != want {
					t.Errorf("%s: got mode %v, want %v", name, modes[name], want)
				}
			}
			if got := files["othello"]; got != "the binary" {
				t.Errorf("othello: got %q, want the binary, %q", got, "the binary")
			}
			want := `"$root/source/othello" check -format gradescope ` + tt.line + ` > "$root/results/results.json"` + "\n"
			if !strings.Contains(files["run_autograder"], "\n"+want) {
				t.Errorf("got run_autograder\n%s\nwant its line\n%s", files["run_autograder"], want)
			}
			for _, name := range []string{"othello", "setup.sh", "run_autograder"} {
				delete(files, name)
			}
			if !maps.Equal(files, tt.files) {
				t.Errorf("got the files %q, want %q", files, tt.files)
			}
			for name := range tt.files {
				if modes[name] != 0o644 {
					t.Errorf("%s: got mode %v, want %v", name, modes[name], fs.FileMode(0o644))
				}
			}
		})
	}
	t.Run("no such golden folder", func(t *testing.T) {
		z := autograder.Bundle{Binary: bin, Golden: []string{filepath.Join(dir, "none")}, Command: []string{"./a.out"}}
		err := autograder.WriteGradescopeZip(filepath.Join(t.TempDir(), "autograder.zip"), z)
		if !errors.Is(err, fs.ErrNotExist) || !strings.HasPrefix(err.Error(), "autograder: ") {
			t.Errorf("got %v, want an error starting \"autograder: \" that the folder does not exist", err)
		}
	})
}
