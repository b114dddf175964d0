package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// fakePid is the grader's process in a fakeCgroups, and fakePid+1 on
// other processes: above PID_MAX_LIMIT, no real process has them, so that
// a signal sent to one reaches nothing.
const fakePid = 1<<22 + 100

// A fakeCgroups is a control group file system in memory, laid out as
// the kernel lays out cgroup v1 and v2, with the grader's process self in
// it. It records every change it is asked for, in order, in log: "mkdir
// DIR", "rmdir DIR", "write FILE VALUE" and "open FILE" (for writing),
// followed by ": " and the error where it failed.
type fakeCgroups struct {
	self   int
	user   bool // the grader is not root: it changes only what its user owns
	mounts []*fakeMount
	groups map[string]*fakeGroup    // by folder
	fail   map[string]syscall.Errno // changes that fail with an error, as log would say them
	log    []string
}

// A fakeMount is a hierarchy of a fakeCgroups, and where it is mounted.
type fakeMount struct {
	id          int    // its number in /proc/self/cgroup
	point       string // its mount point, the folder of its root group
	controllers string // a v1 hierarchy's, as /proc/self/cgroup names them; "" for v2
	readOnly    bool   // mounted read-only, as a container's are
}

// A fakeGroup is a control group of a fakeCgroups.
type fakeGroup struct {
	mount *fakeMount
	files map[string]string // its interface files, but cgroup.procs and tasks, and what they hold
	procs []int
	owner int // byRoot, delegated or byUser
}

// Who may change a fakeGroup.
const (
	byRoot    = iota // root only
	delegated        // its user too may make groups in it and write its cgroup.procs, cgroup.subtree_control and cgroup.threads, as systemd's Delegate=yes allows
	byUser           // its user, who made it
)

// readOnlyFiles are the interface files that the kernel has no write for.
var readOnlyFiles = []string{"cgroup.controllers", "cgroup.events", "memory.current", "memory.events", "pids.current", "pids.events"}

// newFakeCgroups returns a fake with no hierarchy yet, for a grader that
// is root or, if user, not.
func newFakeCgroups(user bool) *fakeCgroups {
	return &fakeCgroups{self: fakePid, user: user, groups: map[string]*fakeGroup{}}
}

// mountV2 mounts the v2 hierarchy at point, whose root group, where the
// grader is, has the controllers and enables subtree for its children.
func (f *fakeCgroups) mountV2(point, controllers, subtree string) {
	m := &fakeMount{id: 0, point: point}
	f.mounts = append(f.mounts, m)
	f.groups[point] = &fakeGroup{mount: m, procs: []int{f.self}, files: map[string]string{
		"cgroup.controllers":     controllers,
		"cgroup.subtree_control": subtree,
	}}
}

// mountV1 mounts the v1 hierarchy of the controllers, comma-separated, at
// point, with the grader in its root group.
func (f *fakeCgroups) mountV1(point, controllers string) {
	m := &fakeMount{id: len(f.mounts) + 1, point: point, controllers: controllers}
	f.mounts = append(f.mounts, m)
	f.groups[point] = &fakeGroup{mount: m, procs: []int{f.self}, files: v1Files(controllers)}
}

// add makes the group dir, whose parent must be there, as root would:
// with subtree enabled for its children (v2), the owner, and the
// processes procs moved into it.
func (f *fakeCgroups) add(dir, subtree string, owner int, procs ...int) {
	parent := f.groups[filepath.Dir(dir)]
	if parent == nil {
		panic("fakeCgroups.add: no parent of " + dir)
	}
	g := f.newGroup(parent)
	g.owner = owner
	f.groups[dir] = g
	if g.mount.controllers == "" {
		g.files["cgroup.subtree_control"] = subtree
	}
	for _, pid := range procs {
		f.move(pid, dir)
	}
}

// set sets what the interface file name holds, as the kernel would.
func (f *fakeCgroups) set(name, value string) {
	f.groups[filepath.Dir(name)].files[filepath.Base(name)] = value
}

// newGroup returns a new child of parent, with the interface files of
// its hierarchy: in v2 those of the controllers that the parent enables
// for its children.
func (f *fakeCgroups) newGroup(parent *fakeGroup) *fakeGroup {
	g := &fakeGroup{mount: parent.mount, files: v1Files(parent.mount.controllers)}
	if parent.mount.controllers == "" {
		sub := parent.files["cgroup.subtree_control"]
		g.files = map[string]string{
			"cgroup.controllers":     sub,
			"cgroup.subtree_control": "",
			"cgroup.events":          "populated 0\nfrozen 0\n",
			"cgroup.kill":            "",
			"cgroup.type":            "domain",
		}
		for _, c := range strings.Fields(sub) {
			addV2Files(g, c)
		}
	}
	return g
}

// addV2Files adds the interface files of the v2 controller c to g.
func addV2Files(g *fakeGroup, c string) {
	switch c {
	case "memory":
		g.files["memory.current"] = "0"
		g.files["memory.max"] = "max"
		g.files["memory.swap.max"] = "max"
		g.files["memory.oom.group"] = "0"
		g.files["memory.events"] = "low 0\nhigh 0\nmax 0\noom 0\noom_kill 0\noom_group_kill 0\n"
		g.files["memory.peak"] = "0"
	case "pids":
		g.files["pids.current"] = "0"
		g.files["pids.max"] = "max"
		g.files["pids.events"] = "max 0\n"
	}
}

// v1Files returns the interface files of a v1 group of the controllers,
// but tasks and cgroup.procs.
func v1Files(controllers string) map[string]string {
	files := map[string]string{"notify_on_release": "0"}
	for _, c := range strings.Split(controllers, ",") {
		switch c {
		case "memory":
			files["memory.limit_in_bytes"] = "9223372036854771712"
			files["memory.memsw.limit_in_bytes"] = "9223372036854771712"
			files["memory.max_usage_in_bytes"] = "0"
			files["memory.oom_control"] = "oom_kill_disable 0\nunder_oom 0\noom_kill 0\n"
		case "pids":
			files["pids.current"] = "0"
			files["pids.max"] = "max"
			files["pids.events"] = "max 0\n"
		}
	}
	return files
}

// move moves the process pid to the group dir, out of the group of the
// same hierarchy it was in.
func (f *fakeCgroups) move(pid int, dir string) {
	to := f.groups[dir]
	for _, g := range f.groups {
		if g.mount == to.mount {
			g.procs = slices.DeleteFunc(g.procs, func(p int) bool { return p == pid })
		}
	}
	to.procs = append(to.procs, pid)
}

// groupOf returns the folder of the group of the mount m that pid is in.
func (f *fakeCgroups) groupOf(m *fakeMount, pid int) string {
	for dir, g := range f.groups {
		if g.mount == m && slices.Contains(g.procs, pid) {
			return dir
		}
	}
	return m.point
}

// isRoot reports whether dir is the root group of its hierarchy.
func (f *fakeCgroups) isRoot(dir string) bool {
	return f.groups[dir].mount.point == dir
}

// mayWrite reports whether the grader may write the file of the group g
// ("" for its folder: make and remove groups in it).
func (f *fakeCgroups) mayWrite(g *fakeGroup, file string) bool {
	switch {
	case g.mount.readOnly:
		return false
	case !f.user || g.owner == byUser:
		return true
	case g.owner == delegated:
		return slices.Contains([]string{"", "cgroup.procs", "cgroup.subtree_control", "cgroup.threads"}, file)
	}
	return false
}

// record logs the change op and returns err, wrapped as the os package
// would.
func (f *fakeCgroups) record(op, path string, err syscall.Errno) error {
	if err != 0 {
		f.log = append(f.log, op+": "+err.Error())
		return &os.PathError{Op: strings.Fields(op)[0], Path: path, Err: err}
	}
	f.log = append(f.log, op)
	return nil
}

func (f *fakeCgroups) mkdir(dir string) error {
	return f.record("mkdir "+dir, dir, f.mkdirErr(dir))
}

func (f *fakeCgroups) mkdirErr(dir string) syscall.Errno {
	parent := f.groups[filepath.Dir(dir)]
	switch {
	case f.fail["mkdir "+dir] != 0:
		return f.fail["mkdir "+dir]
	case parent == nil:
		return syscall.ENOENT
	case f.groups[dir] != nil:
		return syscall.EEXIST
	case !f.mayWrite(parent, ""):
		return syscall.EACCES
	}
	g := f.newGroup(parent)
	if f.user {
		g.owner = byUser
	}
	f.groups[dir] = g
	return 0
}

func (f *fakeCgroups) remove(dir string) error {
	return f.record("rmdir "+dir, dir, f.removeErr(dir))
}

func (f *fakeCgroups) removeErr(dir string) syscall.Errno {
	g := f.groups[dir]
	switch {
	case g == nil:
		return syscall.ENOENT
	case !f.mayWrite(f.groups[filepath.Dir(dir)], ""):
		return syscall.EACCES
	case len(g.procs) > 0:
		return syscall.EBUSY
	}
	for other := range f.groups {
		if filepath.Dir(other) == dir {
			return syscall.EBUSY
		}
	}
	delete(f.groups, dir)
	return 0
}

func (f *fakeCgroups) readFile(name string) ([]byte, error) {
	switch name {
	case "/proc/self/mountinfo":
		return []byte(f.mountinfo()), nil
	case "/proc/self/cgroup":
		return []byte(f.ownGroups()), nil
	}
	g, file := f.groups[filepath.Dir(name)], filepath.Base(name)
	switch {
	case g != nil && (file == "cgroup.procs" || file == "tasks" && g.mount.controllers != ""):
		var b strings.Builder
		for _, pid := range g.procs {
			fmt.Fprintln(&b, pid)
		}
		return []byte(b.String()), nil
	case g != nil:
		if value, ok := g.files[file]; ok {
			return []byte(value), nil
		}
	}
	return nil, &os.PathError{Op: "open", Path: name, Err: syscall.ENOENT}
}

// mountinfo returns the text of /proc/self/mountinfo.
func (f *fakeCgroups) mountinfo() string {
	lines := []string{
		"22 1 0:21 / /sys rw,nosuid,nodev,noexec,relatime shared:7 - sysfs sysfs rw",
		"23 1 0:22 / /proc rw,nosuid,nodev,noexec,relatime shared:13 - proc proc rw",
	}
	for i, m := range f.mounts {
		kind, options := "cgroup2", "rw,nsdelegate,memory_recursiveprot"
		if m.controllers != "" {
			kind, options = "cgroup", "rw,"+m.controllers
		}
		mode := "rw"
		if m.readOnly {
			mode = "ro"
		}
		lines = append(lines, fmt.Sprintf("%d 22 0:%d / %s %s,nosuid,nodev,noexec,relatime shared:%d - %s %s %s", 30+i, 30+i, m.point, mode, 9+i, kind, kind, options))
	}
	return strings.Join(lines, "\n") + "\n"
}

// ownGroups returns the text of /proc/self/cgroup.
func (f *fakeCgroups) ownGroups() string {
	var b strings.Builder
	for i := len(f.mounts) - 1; i >= 0; i-- {
		m := f.mounts[i]
		rel, _ := filepath.Rel(m.point, f.groupOf(m, f.self))
		fmt.Fprintf(&b, "%d:%s:%s\n", m.id, m.controllers, filepath.Join("/", rel))
	}
	return b.String()
}

func (f *fakeCgroups) writeFile(name, value string) error {
	return f.record("write "+name+" "+value, name, f.writeErr(name, value))
}

func (f *fakeCgroups) writeErr(name, value string) syscall.Errno {
	dir, file := filepath.Dir(name), filepath.Base(name)
	if err := f.writable(dir, file); err != 0 {
		return err
	}
	g := f.groups[dir]
	switch file {
	case "cgroup.procs", "tasks":
		pid, err := strconv.Atoi(value)
		if err != nil || pid <= 0 {
			return syscall.EINVAL
		}
		from := f.groupOf(g.mount, pid)
		if f.user && !f.mayWrite(f.groups[commonAncestor(from, dir)], "cgroup.procs") {
			return syscall.EACCES
		}
		if g.mount.controllers == "" && !f.isRoot(dir) && g.files["cgroup.subtree_control"] != "" {
			return syscall.EBUSY // no internal processes
		}
		f.move(pid, dir)
	case "cgroup.subtree_control":
		enabled := strings.Fields(g.files[file])
		for _, op := range strings.Fields(value) {
			c := op[1:]
			if !slices.Contains(strings.Fields(g.files["cgroup.controllers"]), c) {
				return syscall.ENOENT
			}
			if op[0] == '+' && len(g.procs) > 0 && !f.isRoot(dir) {
				return syscall.EBUSY // no internal processes
			}
			enabled = slices.DeleteFunc(enabled, func(e string) bool { return e == c })
			if op[0] == '+' {
				enabled = append(enabled, c)
			}
		}
		g.files[file] = strings.Join(enabled, " ")
		for child, cg := range f.groups {
			if filepath.Dir(child) == dir && child != dir {
				cg.files["cgroup.controllers"] = g.files[file]
				for _, c := range enabled {
					if _, ok := cg.files[c+".max"]; !ok {
						addV2Files(cg, c)
					}
				}
			}
		}
	case "cgroup.kill":
		if value != "1" {
			return syscall.EINVAL
		}
		g.procs = nil
	default:
		g.files[file] = value
	}
	return 0
}

// writable returns the error of opening the file of the group dir for
// writing, or 0.
func (f *fakeCgroups) writable(dir, file string) syscall.Errno {
	g := f.groups[dir]
	if g == nil {
		return syscall.ENOENT
	}
	_, ok := g.files[file]
	if !ok && file != "cgroup.procs" && (file != "tasks" || g.mount.controllers == "") {
		return syscall.ENOENT
	}
	if slices.Contains(readOnlyFiles, file) || !f.mayWrite(g, file) {
		return syscall.EACCES
	}
	return 0
}

func (f *fakeCgroups) readDir(dir string) ([]string, error) {
	g := f.groups[dir]
	if g == nil {
		return nil, &os.PathError{Op: "open", Path: dir, Err: syscall.ENOENT}
	}
	names := []string{"cgroup.procs"}
	for name := range g.files {
		names = append(names, name)
	}
	for other := range f.groups {
		if filepath.Dir(other) == dir && other != dir {
			names = append(names, filepath.Base(other))
		}
	}
	slices.Sort(names)
	return names, nil
}

func (f *fakeCgroups) openWrite(name string) (*os.File, error) {
	errno := f.fail["open "+name]
	if errno == 0 {
		errno = f.writable(filepath.Dir(name), filepath.Base(name))
	}
	if err := f.record("open "+name, name, errno); err != nil {
		return nil, err
	}
	return os.OpenFile(os.DevNull, os.O_WRONLY, 0)
}

// commonAncestor returns the closest folder that holds both a and b.
func commonAncestor(a, b string) string {
	for a != "/" && !strings.HasPrefix(b+"/", a+"/") {
		a = filepath.Dir(a)
	}
	return a
}

// fakeMaker returns a cgroupMaker of the grader of f.
func fakeMaker(f *fakeCgroups) *cgroupMaker {
	m := &cgroupMaker{fs: f, pid: f.self}
	if f.user {
		m.euid = 1000
	}
	return m
}
