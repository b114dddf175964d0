package sandbox

import (
	"errors"
	"fmt"
	"os/user"
	"strconv"
	"strings"
	"sync"
)

// A User is the unprivileged identity a program runs as when the grader is
// root: its user and group ids, with no supplementary group.
type User struct {
	Uid, Gid int
	Name     string // as the system's user database names it, or ""
}

// String returns the user as a report says it: "nobody (65534)" or
// "uid 60000".
func (u User) String() string {
	if u.Name != "" {
		return fmt.Sprintf("%s (%d)", u.Name, u.Uid)
	}
	return "uid " + strconv.Itoa(u.Uid)
}

// ErrUser means a user is unknown, or root.
var ErrUser = errors.New("sandbox: not an unprivileged user")

// LookupUser returns the user s names: a name from the system's user
// database, or a number, such as 65534, optionally with a group, such as
// 60000:60000. Root, user 0 and group 0 are refused: the error wraps
// ErrUser.
func LookupUser(s string) (User, error) {
	bad := func(why string) (User, error) { return User{}, fmt.Errorf("%w: %q: %s", ErrUser, s, why) }
	name, group, hasGroup := strings.Cut(s, ":")
	var u User
	if uid, err := strconv.Atoi(name); err == nil {
		u = User{Uid: uid, Gid: uid}
		if known, err := user.LookupId(name); err == nil {
			u.Name = known.Username
			u.Gid, _ = strconv.Atoi(known.Gid)
		}
	} else {
		known, err := user.Lookup(name)
		if err != nil {
			return bad("no such user")
		}
		u.Name = known.Username
		u.Uid, _ = strconv.Atoi(known.Uid)
		u.Gid, _ = strconv.Atoi(known.Gid)
	}
	if hasGroup {
		gid, err := strconv.Atoi(group)
		if err != nil {
			return bad("the group must be a number")
		}
		u.Gid = gid
	}
	switch {
	case u.Uid <= 0 || u.Gid <= 0:
		return bad("the program must not run as root or in group 0")
	case u.Uid >= 1<<31-1 || u.Gid >= 1<<31-1:
		return bad("out of range")
	}
	return u, nil
}

// FirstDedicatedUid is the first of the user ids that runs take, one for
// each run at once, when the grader is root and no User is given: ids
// that no account of the system has, so that a run owns no file and no
// process but its own, and cannot signal another run.
const FirstDedicatedUid = 60000

// dedicatedIds is how many ids from FirstDedicatedUid runs may take.
const dedicatedIds = 1000

// idPool hands out the dedicated ids.
var idPool = struct {
	mu    sync.Mutex
	inUse map[int]bool
	taken map[int]bool // ids an account of the system has
}{inUse: map[int]bool{}, taken: map[int]bool{}}

// acquireUser returns the user a run of c runs as when the grader is root,
// and a function that gives it back at the end of the run.
func (c Config) acquireUser() (User, func(), error) {
	if c.User != nil {
		return *c.User, func() {}, nil
	}
	idPool.mu.Lock()
	defer idPool.mu.Unlock()
	for id := FirstDedicatedUid; id < FirstDedicatedUid+dedicatedIds; id++ {
		if idPool.inUse[id] || idPool.taken[id] {
			continue
		}
		if _, err := user.LookupId(strconv.Itoa(id)); err == nil {
			idPool.taken[id] = true
			continue
		}
		if _, err := user.LookupGroupId(strconv.Itoa(id)); err == nil {
			idPool.taken[id] = true
			continue
		}
		unlock, ok := lockId(id)
		if !ok {
			continue // another grader's run has it
		}
		idPool.inUse[id] = true
		return User{Uid: id, Gid: id}, func() {
			unlock()
			idPool.mu.Lock()
			delete(idPool.inUse, id)
			idPool.mu.Unlock()
		}, nil
	}
	return User{}, nil, fmt.Errorf("%w: all of the ids %d to %d are in use", ErrUser, FirstDedicatedUid, FirstDedicatedUid+dedicatedIds-1)
}
