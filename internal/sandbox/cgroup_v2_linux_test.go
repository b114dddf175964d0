package sandbox

import (
	"fmt"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// run is the name of the first run's groups in a fakeCgroups.
var run = fmt.Sprintf("othello-%d-1", fakePid)

// The layouts of the control group file systems of the tests.
var (
	// pureV2 is a v2 hierarchy alone, where the grader is in the root
	// group, whose children have subtree.
	pureV2 = func(subtree string) func(*fakeCgroups) {
		return func(f *fakeCgroups) { f.mountV2("/sys/fs/cgroup", "cpu io memory pids", subtree) }
	}
	// v1 is a v1 hierarchy for each of pids and memory, the grader in a
	// group of its own in each.
	v1 = func(f *fakeCgroups) {
		f.mountV1("/sys/fs/cgroup/pids", "pids")
		f.mountV1("/sys/fs/cgroup/memory", "memory")
		f.add("/sys/fs/cgroup/pids/grading", "", byRoot, fakePid)
		f.add("/sys/fs/cgroup/memory/grading", "", byRoot, fakePid)
	}
	// hybrid is v1 with systemd's v2 hierarchy beside it, which has no
	// controller: this machine's layout.
	hybrid = func(f *fakeCgroups) {
		v1(f)
		f.mountV2("/sys/fs/cgroup/unified", "", "")
	}
	// roMounts is layout with every hierarchy mounted read-only, as a
	// container without privileges has them.
	roMounts = func(layout func(*fakeCgroups)) func(*fakeCgroups) {
		return func(f *fakeCgroups) {
			layout(f)
			for _, m := range f.mounts {
				m.readOnly = true
			}
		}
	}
	// mixed is pids in v1, memory in v2.
	mixed = func(f *fakeCgroups) {
		f.mountV1("/sys/fs/cgroup/pids", "pids")
		f.mountV2("/sys/fs/cgroup/unified", "memory", "memory")
	}
)

// TestNewCgroupFiles checks, for each layout of the control groups, the
// groups that newCgroup makes and the files it opens and writes, in
// order, with the values of the limits, and the groups the run gets.
func TestNewCgroupFiles(t *testing.T) {
	both := Limits{Processes: 8, Memory: 64 << 20}
	v2Run := "/sys/fs/cgroup/" + run
	v2Writes := []string{
		"mkdir " + v2Run,
		"open " + v2Run + "/cgroup.procs",
		"write " + v2Run + "/pids.max 8",
		"write " + v2Run + "/memory.max 67108864",
		"write " + v2Run + "/memory.swap.max 0",
		"write " + v2Run + "/memory.oom.group 1",
	}
	v1Pids, v1Memory := "/sys/fs/cgroup/pids/grading/"+run, "/sys/fs/cgroup/memory/grading/"+run
	v1Writes := []string{
		"mkdir " + v1Pids,
		"open " + v1Pids + "/tasks",
		"write " + v1Pids + "/pids.max 8",
		"mkdir " + v1Memory,
		"open " + v1Memory + "/tasks",
		"write " + v1Memory + "/memory.limit_in_bytes 67108864",
		"write " + v1Memory + "/memory.memsw.limit_in_bytes 67108864",
	}
	tests := []struct {
		name         string
		user         bool // the grader is not root
		layout       func(*fakeCgroups)
		lim          Limits
		log          []string
		pids, memory string // the run's groups; neither for no cgroup
		v2           bool
	}{
		{"v2, root group", false, pureV2("memory pids"), both, v2Writes, v2Run, v2Run, true},
		{"v2, pids limit alone", false, pureV2("memory pids"), Limits{Processes: 8}, v2Writes[:3], v2Run, "", false},
		{"v2, memory limit alone", false, pureV2("memory pids"), Limits{Memory: 64 << 20}, append(v2Writes[:2:2], v2Writes[3:]...), "", v2Run, true},
		{"v2, memory controller alone", false, pureV2("memory"), both, append(v2Writes[:2:2], v2Writes[3:]...), "", v2Run, true},
		{"v2, no controller for children", false, pureV2(""), both, nil, "", "", false},
		{"v2, a gone grader's group", false, func(f *fakeCgroups) {
			pureV2("memory pids")(f)
			f.add(fmt.Sprintf("/sys/fs/cgroup/othello-%d-3", fakePid+1), "", byRoot)
		}, both, append([]string{fmt.Sprintf("rmdir /sys/fs/cgroup/othello-%d-3", fakePid+1)}, v2Writes...), v2Run, v2Run, true},
		{"v2, the group's cgroup.procs refused", false, func(f *fakeCgroups) {
			pureV2("memory pids")(f)
			f.fail = map[string]syscall.Errno{"open " + v2Run + "/cgroup.procs": syscall.EACCES}
		}, both, []string{
			"mkdir " + v2Run,
			"open " + v2Run + "/cgroup.procs: permission denied",
			"rmdir " + v2Run,
		}, "", "", false},
		{"v2, no room for a group", false, func(f *fakeCgroups) {
			pureV2("memory pids")(f)
			f.fail = map[string]syscall.Errno{"mkdir " + v2Run: syscall.ENOSPC}
		}, both, []string{
			"mkdir " + v2Run + ": no space left on device",
			"mkdir " + v2Run + ": no space left on device",
		}, "", "", false},
		{"v1", false, v1, both, v1Writes, v1Pids, v1Memory, false},
		{"hybrid", false, hybrid, both, v1Writes, v1Pids, v1Memory, false},
		{"mixed", false, mixed, both, []string{
			"mkdir /sys/fs/cgroup/pids/" + run,
			"open /sys/fs/cgroup/pids/" + run + "/tasks",
			"write /sys/fs/cgroup/pids/" + run + "/pids.max 8",
			"mkdir /sys/fs/cgroup/unified/" + run,
			"open /sys/fs/cgroup/unified/" + run + "/cgroup.procs",
			"write /sys/fs/cgroup/unified/" + run + "/memory.max 67108864",
			"write /sys/fs/cgroup/unified/" + run + "/memory.swap.max 0",
			"write /sys/fs/cgroup/unified/" + run + "/memory.oom.group 1",
		}, "/sys/fs/cgroup/pids/" + run, "/sys/fs/cgroup/unified/" + run, true},
		{"no limit", false, pureV2("memory pids"), Limits{}, nil, "", "", false},
		{"no hierarchy", false, func(*fakeCgroups) {}, both, nil, "", "", false},
		{"v1, user", true, v1, both, nil, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeCgroups(tt.user)
			tt.layout(f)
			c, err := fakeMaker(f).newCgroup(tt.lim)
			if !slices.Equal(f.log, tt.log) {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(f.log, "\n\t"), strings.Join(tt.log, "\n\t"))
			}
			if tt.pids == "" && tt.memory == "" {
				if err == nil {
					t.Errorf("got groups %s and %s, want an error", c.pids, c.memory)
				}
				return
			}
			if err != nil {
				t.Fatalf("got %v, want groups", err)
			}
			defer c.remove()
			if c.pids != tt.pids || c.memory != tt.memory || c.v2 != tt.v2 {
				t.Errorf("got pids %q, memory %q, v2 %v, want %q, %q, %v", c.pids, c.memory, c.v2, tt.pids, tt.memory, tt.v2)
			}
			if got, want := len(c.joins), len(c.dirs); got != want {
				t.Errorf("got %d joins, want %d, one for each group", got, want)
			}
		})
	}
}

// TestCgroupCounts checks that a run's groups say the kernel's counts:
// the memory group's kills for memory (v2's memory.events, v1's
// memory.oom_control), the pids group's processes refused (pids.events)
// and the memory's peak.
func TestCgroupCounts(t *testing.T) {
	tests := []struct {
		name        string
		v2          bool
		files       map[string]string // what the kernel wrote
		memory      bool              // the run has a memory group
		pidsEvents  string
		memEvents   string
		outOfMemory bool
		hitMax      bool
		peak        int64
	}{
		{"v2, nothing yet", true, nil, true, "pids.events", "memory.events", false, false, 0},
		{"v2, at the limits", true, map[string]string{
			"memory.events": "low 0\nhigh 0\nmax 12\noom 1\noom_kill 1\noom_group_kill 1\n",
			"pids.events":   "max 3\n",
			"memory.peak":   "67100672\n",
		}, true, "pids.events", "memory.events", true, true, 67100672},
		{"v2, oom without a kill", true, map[string]string{
			"memory.events": "low 0\nhigh 0\nmax 12\noom 1\noom_kill 0\noom_group_kill 0\n",
		}, true, "pids.events", "memory.events", false, false, 0},
		{"v2, no memory group", true, map[string]string{
			"memory.events": "oom_kill 1\n",
			"memory.peak":   "4096\n",
		}, false, "pids.events", "", false, false, 0},
		{"v1, at the limits", false, map[string]string{
			"memory.oom_control":        "oom_kill_disable 0\nunder_oom 0\noom_kill 2\n",
			"pids.events":               "max 1\n",
			"memory.max_usage_in_bytes": "1048576\n",
		}, true, "pids.events", "memory.oom_control", true, true, 1048576},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeCgroups(false)
			dir := "/sys/fs/cgroup/" + run
			if tt.v2 {
				pureV2("memory pids")(f)
				f.add(dir, "", byRoot)
			} else {
				f.mountV1("/sys/fs/cgroup", "memory,pids")
				f.add(dir, "", byRoot)
			}
			for name, value := range tt.files {
				f.set(dir+"/"+name, value)
			}
			c := &cgroup{fs: f, pids: dir, v2: tt.v2}
			if tt.memory {
				c.memory = dir
			}
			pids, memory := c.events()
			if want := dir + "/" + tt.pidsEvents; pids != want {
				t.Errorf("got pids events %q, want %q", pids, want)
			}
			if want := tt.memEvents; want != "" && memory != dir+"/"+want || want == "" && memory != "" {
				t.Errorf("got memory events %q, want %q", memory, want)
			}
			if got := c.outOfMemory(); got != tt.outOfMemory {
				t.Errorf("got outOfMemory %v, want %v", got, tt.outOfMemory)
			}
			if got := c.hitMax(); got != tt.hitMax {
				t.Errorf("got hitMax %v, want %v", got, tt.hitMax)
			}
			if got := c.peak(); got != tt.peak {
				t.Errorf("got peak %d, want %d", got, tt.peak)
			}
		})
	}
}

// TestCgroupRemove checks that removing a run's groups removes each, and
// that where a v2 group still has processes it kills them through its
// cgroup.kill first.
func TestCgroupRemove(t *testing.T) {
	v2Run, v1Run := "/sys/fs/cgroup/unified/"+run, "/sys/fs/cgroup/pids/"+run
	tests := []struct {
		name  string
		procs []int // in the v2 group
		dirs  []string
		log   []string
	}{
		{"empty", nil, []string{v2Run}, []string{"rmdir " + v2Run}},
		{"with processes", []int{fakePid + 1, fakePid + 2}, []string{v2Run}, []string{
			"rmdir " + v2Run + ": device or resource busy",
			"write " + v2Run + "/cgroup.kill 1",
			"rmdir " + v2Run,
		}},
		{"v1 and v2", []int{fakePid + 1}, []string{v1Run, v2Run}, []string{
			"rmdir " + v1Run,
			"rmdir " + v2Run + ": device or resource busy",
			"write " + v2Run + "/cgroup.kill 1",
			"rmdir " + v2Run,
		}},
		{"gone already", nil, []string{v2Run + "-gone"}, []string{"rmdir " + v2Run + "-gone: no such file or directory"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeCgroups(false)
			mixed(f)
			f.add(v1Run, "", byRoot)
			f.add(v2Run, "", byRoot, tt.procs...)
			c := &cgroup{fs: f, dirs: tt.dirs}
			c.remove()
			if !slices.Equal(f.log, tt.log) {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(f.log, "\n\t"), strings.Join(tt.log, "\n\t"))
			}
			for _, dir := range tt.dirs {
				if f.groups[dir] != nil {
					t.Errorf("got %s still there, want it removed", dir)
				}
			}
		})
	}
}

// TestRemoveStale checks that the sweep of a base removes the groups of
// graders that are gone, but not those of graders alive, its own, one
// that still has processes, or what is not a run's group.
func TestRemoveStale(t *testing.T) {
	f := newFakeCgroups(false)
	pureV2("memory pids")(f)
	gone := fakePid + 1 // no process has it
	groups := []struct {
		name  string
		procs []int
		kept  bool
	}{
		{fmt.Sprintf("othello-%d-1", gone), nil, false},
		{fmt.Sprintf("othello-%d-7", gone), nil, false},
		{fmt.Sprintf("othello-%d-2", gone), []int{gone + 1}, true},
		{"othello-1-1", nil, true}, // init's, which is alive
		{fmt.Sprintf("othello-%d-1", fakePid), nil, true},
		{"grader", nil, true},
		{"othello-x", nil, true},
	}
	for _, g := range groups {
		f.add("/sys/fs/cgroup/"+g.name, "", byRoot, g.procs...)
	}
	fakeMaker(f).removeStale("/sys/fs/cgroup")
	for _, g := range groups {
		if got := f.groups["/sys/fs/cgroup/"+g.name] != nil; got != g.kept {
			t.Errorf("got %s kept %v, want %v", g.name, got, g.kept)
		}
	}
}

// TestHierarchies checks the control group hierarchies found in a mount
// table, with the grader's group in each.
func TestHierarchies(t *testing.T) {
	tests := []struct {
		name      string
		mountinfo string
		own       string // /proc/self/cgroup
		want      []hierarchy
	}{
		{"hybrid",
			"30 22 0:27 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n" +
				"34 30 0:31 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n" +
				"35 30 0:32 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct\n" +
				"39 30 0:36 / /sys/fs/cgroup/systemd rw,relatime - cgroup cgroup rw,xattr,name=systemd\n" +
				"40 30 0:37 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw,nsdelegate\n",
			"9:name=systemd:/\n4:memory:/process_api/3e7c\n2:cpu,cpuacct:/\n0::/\n",
			[]hierarchy{
				{controllers: []string{"memory"}, own: "/sys/fs/cgroup/memory/process_api/3e7c"},
				{controllers: []string{"cpu", "cpuacct"}, own: "/sys/fs/cgroup/cpu,cpuacct"},
				{controllers: []string{"name=systemd"}, own: "/sys/fs/cgroup/systemd"},
				{v2: true, own: "/sys/fs/cgroup/unified"},
			}},
		{"v2",
			"25 22 0:23 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot\n",
			"0::/user.slice/user-1000.slice/session-2.scope\n",
			[]hierarchy{{v2: true, own: "/sys/fs/cgroup/user.slice/user-1000.slice/session-2.scope"}}},
		{"escaped mount point",
			"25 22 0:23 / /mnt/cgroup\\040v2 rw - cgroup2 none rw\n",
			"0::/a\n",
			[]hierarchy{{v2: true, own: "/mnt/cgroup v2/a"}}},
		{"a container's, without a cgroup namespace",
			"1210 1209 0:31 /docker/3f2a /sys/fs/cgroup/memory rw,nosuid - cgroup cgroup rw,memory\n" +
				"1211 1209 0:28 /docker/3f2a /sys/fs/cgroup/unified rw,nosuid - cgroup2 cgroup2 rw\n",
			"4:memory:/docker/3f2a/grading\n0::/docker/3f2a\n",
			[]hierarchy{
				{controllers: []string{"memory"}, own: "/sys/fs/cgroup/memory/grading"},
				{v2: true, own: "/sys/fs/cgroup/unified"},
			}},
		{"read-only, as a container without privileges has it",
			"1210 1209 0:31 / /sys/fs/cgroup/memory ro,nosuid - cgroup cgroup rw,memory\n" +
				"1211 1209 0:28 / /sys/fs/cgroup/unified ro,nosuid - cgroup2 cgroup2 rw\n",
			"4:memory:/\n0::/\n",
			nil},
		{"outside the mount's group",
			"1210 1209 0:31 /docker/3f2a /sys/fs/cgroup/memory rw,nosuid - cgroup cgroup rw,memory\n",
			"4:memory:/docker/3f2a-other\n",
			nil},
		{"no cgroup", "22 1 0:21 / /sys rw - sysfs sysfs rw\n", "0::/\n", nil},
		{"not in the hierarchy", "34 30 0:31 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n", "0::/\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := hierarchies([]byte(tt.mountinfo), []byte(tt.own))
			if !slices.EqualFunc(got, tt.want, func(a, b hierarchy) bool {
				return a.v2 == b.v2 && a.own == b.own && slices.Equal(a.controllers, b.controllers)
			}) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// scope is the grader's own group in delegated layouts: that of
// systemd-run --user --scope -p Delegate=yes.
const scope = "/sys/fs/cgroup/user.slice/user-1000.slice/user@1000.service/app.slice/run-r1.scope"

// inScope is a v2 layout where the grader is in scope, which has the
// controllers, of the owner, with the other processes others.
func inScope(controllers string, owner int, others ...int) func(*fakeCgroups) {
	return func(f *fakeCgroups) {
		f.mountV2("/sys/fs/cgroup", "cpu io memory pids", "cpu memory pids")
		f.add("/sys/fs/cgroup/user.slice", "cpu memory pids", byRoot)
		f.add("/sys/fs/cgroup/user.slice/user-1000.slice", "cpu memory pids", byRoot)
		f.add("/sys/fs/cgroup/user.slice/user-1000.slice/user@1000.service", controllers, delegated)
		f.add("/sys/fs/cgroup/user.slice/user-1000.slice/user@1000.service/app.slice", controllers, byUser)
		f.add(scope, "", owner, append([]int{fakePid}, others...)...)
	}
}

// runLog returns what newCgroup changes for the nth run with a pids
// limit of 8 and a memory limit of 64 MiB where the controllers, pids
// and memory, are enabled in the v2 group base.
func runLog(base string, n int, pids, memory bool) []string {
	dir := fmt.Sprintf("%s/othello-%d-%d", base, fakePid, n)
	log := []string{"mkdir " + dir, "open " + dir + "/cgroup.procs"}
	if pids {
		log = append(log, "write "+dir+"/pids.max 8")
	}
	if memory {
		log = append(log, "write "+dir+"/memory.max 67108864", "write "+dir+"/memory.swap.max 0", "write "+dir+"/memory.oom.group 1")
	}
	return log
}

// TestCgroupDelegation checks that a grader in a v2 group that it may
// change divides it once, in order: it makes a leaf group, moves itself
// there, enables the controllers for the group's children, and makes
// each run's groups beside the leaf; and that it leaves alone a group
// that is not its user's, and undoes what it did where another process
// is in the group.
func TestCgroupDelegation(t *testing.T) {
	leaf := scope + "/grader"
	pid := fmt.Sprint(fakePid)
	divided := func(enable string) []string {
		return []string{
			"mkdir " + leaf,
			"write " + leaf + "/cgroup.procs " + pid,
			"write " + scope + "/cgroup.subtree_control " + enable,
		}
	}
	tests := []struct {
		name   string
		user   bool
		layout func(*fakeCgroups)
		log    []string // of the first run
		pids   bool     // the runs get a pids group
		memory bool     // and a memory group
		grader string   // the grader's group after
	}{
		{"the user's scope", true, inScope("memory pids", byUser),
			append(divided("+memory +pids"), runLog(scope, 1, true, true)...), true, true, leaf},
		{"a scope delegated to the user", true, inScope("memory pids", delegated),
			append(divided("+memory +pids"), runLog(scope, 1, true, true)...), true, true, leaf},
		{"pids alone", true, inScope("pids", byUser),
			append(divided("+pids"), runLog(scope, 1, true, false)...), true, false, leaf},
		{"root's service", false, inScope("memory pids", byRoot),
			append(divided("+memory +pids"), runLog(scope, 1, true, true)...), true, true, leaf},
		{"not the user's", true, inScope("memory pids", byRoot),
			[]string{"mkdir " + leaf + ": permission denied"}, false, false, scope},
		{"another process in the scope", true, inScope("memory pids", byUser, fakePid+1), []string{
			"mkdir " + leaf,
			"write " + leaf + "/cgroup.procs " + pid,
			"write " + scope + "/cgroup.subtree_control +memory +pids: device or resource busy",
			"write " + scope + "/cgroup.procs " + pid,
			"rmdir " + leaf,
		}, false, false, scope},
		{"no controller", true, inScope("", byUser), nil, false, false, scope},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeCgroups(tt.user)
			tt.layout(f)
			m := fakeMaker(f)
			lim := Limits{Processes: 8, Memory: 64 << 20}
			for n := 1; n <= 2; n++ {
				f.log = nil
				c, err := m.newCgroup(lim)
				want := tt.log
				if n == 2 {
					want = nil
					if tt.pids || tt.memory {
						want = runLog(scope, 2, tt.pids, tt.memory) // beside the first's, no dividing again
					}
				}
				if !slices.Equal(f.log, want) {
					t.Errorf("run %d: got\n\t%s\nwant\n\t%s", n, strings.Join(f.log, "\n\t"), strings.Join(want, "\n\t"))
				}
				if got := err == nil; got != (tt.pids || tt.memory) {
					t.Fatalf("run %d: got error %v, want groups %v", n, err, tt.pids || tt.memory)
				}
				if err == nil {
					if got, want := c.pids != "", tt.pids; got != want {
						t.Errorf("run %d: got a pids group %v, want %v", n, got, want)
					}
					if got, want := c.memory != "", tt.memory; got != want {
						t.Errorf("run %d: got a memory group %v, want %v", n, got, want)
					}
					c.remove()
				}
			}
			if got := f.groupOf(f.mounts[0], fakePid); got != tt.grader {
				t.Errorf("got the grader in %s, want %s", got, tt.grader)
			}
		})
	}
}

// TestCgroupKind checks what cgroupKind and memoryCounted say for each
// layout.
func TestCgroupKind(t *testing.T) {
	tests := []struct {
		name    string
		user    bool
		layout  func(*fakeCgroups)
		kind    string
		counted bool
	}{
		{"v2, root group", false, pureV2("memory pids"), "v2", true},
		{"v2, pids alone", false, pureV2("pids"), "v2", false},
		{"v2, no controller for children", false, pureV2(""), "", false},
		{"v1", false, v1, "v1", true},
		{"hybrid", false, hybrid, "v1", true},
		{"mixed", false, mixed, "v1 and v2", true},
		{"no hierarchy", false, func(*fakeCgroups) {}, "", false},
		{"v1, user", true, v1, "", false},
		{"v2, root group, user", true, pureV2("memory pids"), "", false},
		{"delegated", true, inScope("memory pids", byUser), "v2, delegated", true},
		{"delegated, pids alone", true, inScope("pids", byUser), "v2, delegated", false},
		{"root's service", false, inScope("memory pids", byRoot), "v2, delegated", true},
		{"not delegated", true, inScope("memory pids", byRoot), "", false},
		{"v1, read-only", false, roMounts(v1), "", false},
		{"v2, read-only", false, roMounts(pureV2("memory pids")), "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeCgroups(tt.user)
			tt.layout(f)
			m := fakeMaker(f)
			if got := m.kind(); got != tt.kind {
				t.Errorf("got kind %q, want %q", got, tt.kind)
			}
			if got := m.memoryCounted(); got != tt.counted {
				t.Errorf("got memoryCounted %v, want %v", got, tt.counted)
			}
		})
	}
}
