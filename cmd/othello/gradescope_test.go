package main

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
			err := checkStatic(tt.path)
			var d *dynamicError
			switch {
			case tt.needs == "" && err != nil:
				t.Errorf("got %v, want nil", err)
			case tt.needs != "" && (!errors.As(err, &d) || !errors.Is(err, errDynamic) || strings.Join(d.Needs, ", ") != tt.needs):
				t.Errorf("got %v, want a *dynamicError that needs %s", err, tt.needs)
			case tt.needs != "" && !strings.Contains(err.Error(), "CGO_ENABLED=0 go build"):
				t.Errorf("got %q, want it to say how to build a static binary", err)
			}
		})
	}
	t.Run("not ELF", func(t *testing.T) {
		if err := checkStatic(notELF); err == nil || errors.Is(err, errDynamic) {
			t.Errorf("got %v, want an error that it is not ELF", err)
		}
	})
}

// TestGradescopeRefusesDynamic runs othello gradescope in this test's
// binary, which is dynamically linked when cgo is on: it must refuse,
// saying how to build a static one, and write no zip.
func TestGradescopeRefusesDynamic(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(checkStatic(self), errDynamic) {
		t.Skip("this test's binary is static (CGO_ENABLED=0): TestCheckStatic checks the refusal")
	}
	zipPath := filepath.Join(t.TempDir(), "autograder.zip")
	var stdout, stderr bytes.Buffer
	status := run([]string{"gradescope", "-out", zipPath, "--", "python3", "othello.py"}, nil, &stdout, &stderr, environ{})
	if status != 1 || !strings.Contains(stderr.String(), "is dynamically linked") || !strings.Contains(stderr.String(), "CGO_ENABLED=0") {
		t.Errorf("got status %d, want 1 and why:\n%s", status, stderr.String())
	}
	if _, err := os.Stat(zipPath); err == nil {
		t.Errorf("wrote %s all the same", zipPath)
	}
}
