package sandbox

import (
	"os"
	"strconv"
	"strings"
)

// execName is the name (os.Args[0]) of the launcher's second stage.
const execName = launcherName + "-exec"

func init() {
	if len(os.Args) != 2 {
		return
	}
	switch os.Args[0] {
	case launcherName:
		os.Exit(supervise(os.Args[1]))
	case execName:
		os.Exit(execProgram(os.Args[1]))
	}
}

// The kernel's numbers that package syscall lacks.
const (
	sysMountSetattr = 442 // the same number on every architecture
	mountAttrRdonly = 0x1
	mountAttrNosuid = 0x2
	atRecursive     = 0x8000
	atFdcwd         = -0x64
)

// unescapeMountPath undoes the octal escapes of /proc/self/mountinfo.
func unescapeMountPath(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
