# A hostile program: python3 hostile.py ATTACK tries the attack ATTACK on
# the grader that checks it. Where an attack gives it a way to pass without
# solving anything, it takes it; where it gives it a look at what it must
# not see, it says "LEAK: ..." on standard error, which the report shows.
# Otherwise it prints FULL and fails, as a wrong program does. The sandbox
# tests read the report and the machine afterwards.
#
# The environment (othello check -env) says what a student could guess:
# GRADER_BIN, the grader's binary; REPORT, the report's file; GOLDEN, a
# golden folder; PORT, a port listening on loopback; MARK, a name to write
# files under; TTY, the grader's terminal; SECRET, a file only the grader
# may read; SOCK, a unix socket a server of the grader's machine listens
# on; CHECKOUT, the project's checkout; GRADER_HOME, the grader's home,
# with a .secret only the grader may read; SIBLING, a file of another
# submission beside this one; OUTSIDE, a folder the grader's user may
# write in; VICTIM, a process of the grader's user.
import os
import signal
import socket
import sys
import time

attack = sys.argv[1]
env = os.environ.get


said = []


def say(msg):
    """say keeps msg for standard error, where leaks come first."""
    said.append(msg)


def parent(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return 0


def grader(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            return b"\0check\0" in f.read()
    except OSError:
        return False


def suspects():
    """The grader and what lies between, as far as this process can tell:
    its ancestors up to one whose command line is a check."""
    pids, pid = [], parent(os.getpid())
    while pid > 0:
        pids.append(pid)
        if grader(pid):
            break
        pid = parent(pid)
    return pids


def probe(probes):
    """probe tries each (path, how) of probes and says in one line, the
    first first, how each was refused, and in a line of its own each that
    was not."""
    refused = []
    for path, how in probes:
        try:
            how(path)
            say("LEAK: %s %s" % (how.__name__, path))
        except OSError as e:
            refused.append("%s: %s" % (path, e))
    say("blocked: " + "; ".join(refused))


def fail():
    print("FULL", flush=True)
    for msg in sorted(said, key=lambda m: not m.startswith("LEAK")):
        print(msg, file=sys.stderr)
    sys.exit(1)


def daemon(work):
    """Runs work in a grandchild in a session of its own, and returns."""
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            try:
                work()
            finally:
                os._exit(0)
        os._exit(0)
    os.wait()


if attack == "exe":
    for path in ["/proc/%d/exe" % p for p in suspects()] + [env("GRADER_BIN", "/nonexistent")]:
        try:
            os.execv(path, [path])
        except OSError as e:
            say("blocked: exec %s: %s" % (path, e))
    fail()

elif attack == "mem":
    for p in suspects():
        try:
            with open("/proc/%d/maps" % p) as maps, open("/proc/%d/mem" % p, "rb") as mem:
                start = int(maps.readline().split("-")[0], 16)
                mem.seek(start)
                if mem.read(16):
                    say("LEAK: read the memory of process %d" % p)
        except (OSError, ValueError) as e:
            say("blocked: memory of %d: %s" % (p, e))
    fail()

elif attack == "fd":
    for p in suspects():
        for fd in (1, 2):
            try:
                with open("/proc/%d/fd/%d" % (p, fd), "w") as f:
                    f.write("999 passed, 0 failed\n")
                say("LEAK: wrote to file %d of process %d" % (fd, p))
            except OSError as e:
                say("blocked: fd %d of %d: %s" % (fd, p, e))
    fail()

elif attack == "daemon":
    def rewrite():
        time.sleep(1.5)
        for path in [env("REPORT", "")] + ["/proc/%d/fd/1" % p for p in suspects()]:
            try:
                with open(path, "w") as f:
                    f.write("200 passed, 0 failed\n")
            except OSError:
                pass
    daemon(rewrite)
    fail()

elif attack == "setsid":
    # A child in a session and a process group of its own that holds
    # standard output open, and one that only leaves its group.
    daemon(lambda: time.sleep(60))
    if os.fork() == 0:
        os.setpgid(0, 0)
        time.sleep(60)
        os._exit(0)
    fail()

elif attack == "setsid-hang":
    daemon(lambda: time.sleep(60))
    time.sleep(60)

elif attack == "kill-grader":
    for p in suspects():
        if grader(p):
            os.kill(p, signal.SIGTERM)
            say("LEAK: sent SIGTERM to the grader")
    fail()

elif attack in ("kill-parent", "kill-parent-daemon"):
    if attack == "kill-parent-daemon":
        daemon(lambda: time.sleep(60))
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGKILL):
        try:
            os.kill(os.getppid(), sig)
        except OSError as e:
            say("blocked: kill %d: %s" % (os.getppid(), e))
    fail()

elif attack == "memory":
    hog = []
    while True:
        hog.append(b"x" * (8 << 20))

elif attack == "big-alloc":
    hog = b"x" * 1_500_000_000
    fail()

elif attack == "cpu":
    while True:
        pass

elif attack == "disk":
    chunk = b"x" * (1 << 20)
    for path in ["/tmp/%s-tmp" % env("MARK"), os.path.join(env("TMPDIR", "/tmp"), env("MARK") + "-tmpdir"),
                 env("MARK") + "-cwd"]:
        try:
            with open(path, "wb") as f:
                for _ in range(300):
                    f.write(chunk)
            say("LEAK: wrote 300 MiB to %s" % path)
        except OSError as e:
            say("blocked: %s: %s" % (path, e))
    fail()

elif attack == "files":
    for path in ["/tmp/%s-tmp" % env("MARK"), os.path.join(env("HOME", "/tmp"), env("MARK") + "-home"),
                 os.path.join(env("TMPDIR", "/tmp"), env("MARK") + "-tmpdir"), env("MARK") + "-cwd"]:
        try:
            with open(path, "w") as f:
                f.write("left behind\n")
        except OSError as e:
            say("blocked: %s: %s" % (path, e))
    fail()

elif attack == "open-files":
    held = []
    while True:
        held.append(open("/dev/null"))

elif attack == "stderr-flood":
    line = "x" * 4095 + "\n"
    while True:
        sys.stderr.write(line)

elif attack == "huge-line":
    print("FULL")
    print("B" * 200_000)
    sys.exit(0)

elif attack == "network":
    try:
        socket.create_connection(("127.0.0.1", int(env("PORT", "1"))), timeout=1).close()
        say("LEAK: connected to the grader's machine")
    except OSError as e:
        say("blocked: connect: %s" % e)
    fail()

elif attack == "tty":
    for path in [env("TTY", "/dev/pts/0"), "/dev/tty"]:
        try:
            with open(path, "w") as f:
                f.write("200 passed, 0 failed\n")
            say("LEAK: wrote to the terminal %s" % path)
        except OSError as e:
            say("blocked: %s: %s" % (path, e))
    fail()

elif attack == "golden":
    for path in [env("GOLDEN", ""), env("REPORT", "")]:
        try:
            if os.path.isdir(path):
                names = os.listdir(path)
                if names:
                    say("LEAK: listed %s: %s" % (path, names[:3]))
            else:
                with open(path) as f:
                    if f.read(1):
                        say("LEAK: read %s" % path)
        except OSError as e:
            say("blocked: %s: %s" % (path, e))
    fail()

elif attack == "sysctl":
    # Writes back what it reads: a write that works changes nothing, but
    # shows the machine was the program's to change.
    def write_back(path):
        with open(path) as f:
            value = f.read()
        with open(path, "w") as f:
            f.write(value)

    def read(path):
        with open(path, "rb") as f:
            f.read(1)

    probe([("/proc/sys/kernel/core_pattern", write_back), ("/proc/sys/vm/overcommit_ratio", write_back),
           ("/proc/sys/kernel/hostname", write_back), ("/proc/sysrq-trigger", write_back),
           ("/proc/kcore", read), ("/sys/kernel/uevent_helper", read)])
    fail()

elif attack == "devices":
    def write(path):
        with open(path, "w") as f:
            f.write("%s: the program wrote here\n" % env("MARK"))

    def read(path):
        with open(path, "rb") as f:
            f.read(1)

    def mknod(path):
        os.mknod(path, 0o666 | 0o020000, os.makedev(1, 3))

    probe([("/dev/kmsg", write), ("/dev/loop-control", read), ("/dev/console", write), ("/dev/mem", read),
           ("/dev/sda", read), ("/dev/vda", read), ("/tmp/%s-null" % env("MARK"), mknod)])
    fail()

elif attack == "secrets":
    def read(path):
        with open(path) as f:
            if not f.read(1):
                raise OSError("empty")

    probe([("/etc/shadow", read), ("/etc/gshadow", read), (env("SECRET", "/nonexistent"), read)])
    leaked = [k for k in os.environ if k in ("SEC_TOKEN", "PYTHONUNBUFFERED", "GOPATH", "CI")]
    if leaked:
        say("LEAK: the grader's environment: %s" % leaked)
    say("environment: %s" % " ".join(sorted(k for k in os.environ if len(k) < 20)))
    fail()

elif attack == "checkout":
    # The grader's checkout, by every road a program could take: the
    # paths the mounts name, the grader's binary's folder and those above
    # it, and the folder the test says; then its golden outputs, its git
    # objects and its reference program.
    places = set()
    try:
        with open("/proc/self/mountinfo") as f:
            for line in f:
                fields = line.split()
                places.update([fields[3], fields[4]])
    except OSError as e:
        say("blocked: mountinfo: %s" % e)
    for p in [env("GRADER_BIN", ""), env("CHECKOUT", "")]:
        while p and p != "/":
            places.add(p)
            p = os.path.dirname(p)
    found = []
    for place in sorted(places):
        for name in [".git/objects", "testdata/full/reference-4x4.out", "cmd/othello/main.go"]:
            path = os.path.join(place, name)
            try:
                if os.path.isdir(path):
                    if os.listdir(path):
                        found.append(path)
                else:
                    with open(path) as f:
                        if f.read(1):
                            found.append(path)
            except OSError:
                pass
    if found:
        say("LEAK: found the checkout: %s" % found[:3])
    else:
        say("blocked: no checkout in %d places" % len(places))
    fail()

elif attack == "cmdline":
    # Every command line of the machine but its own, for MARK, which the
    # grader's own command line holds (-env MARK=...): a Limited run sees
    # every process, the grader's and the other runs' launchers among
    # them, and a class's command line names its folders and seed.
    seen, found = 0, []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                line = f.read()
        except OSError:
            continue
        seen += 1
        if env("MARK", "-").encode() in line:
            found.append("%s: %s" % (pid, line.replace(b"\0", b" ")[:120]))
    if found:
        say("LEAK: command lines: %s" % found[:3])
    else:
        say("blocked: MARK in none of %d command lines" % seen)
    fail()

elif attack in ("memfd", "shm"):
    # 3 GiB in pieces of 8 MiB, each under the file size limit, which no
    # process's resident memory shows.
    chunk = b"x" * (8 << 20)
    held = []
    try:
        for i in range(384):
            if attack == "memfd":
                fd = os.memfd_create("hog")
            else:
                fd = os.open("/dev/shm/%s-%d" % (env("MARK"), i), os.O_CREAT | os.O_RDWR, 0o600)
            os.write(fd, chunk)
            held.append(fd)
        say("LEAK: held 3 GiB in %s" % attack)
    except OSError as e:
        say("blocked: %s: %s" % (attack, e))
    fail()

elif attack == "unix":
    try:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(env("SOCK", "/nonexistent"))
        say("LEAK: connected to %s" % env("SOCK"))
    except OSError as e:
        say("blocked: unix: %s" % e)
    try:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect("\0" + env("MARK", "x"))
        say("LEAK: connected to an abstract socket")
    except OSError as e:
        say("blocked: abstract: %s" % e)
    fail()

elif attack == "syscalls":
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    calls = [
        ("unshare", lambda: libc.unshare(0x10000000)),  # CLONE_NEWUSER
        ("mount", lambda: libc.mount(b"none", b"/tmp", b"tmpfs", 0, None)),
        ("keyctl", lambda: libc.syscall(250, 0, 0, 0, 0, 0)),  # x86_64 keyctl(GET_KEYRING_ID)
        ("bpf", lambda: libc.syscall(321, 0, 0, 0)),
        ("ptrace", lambda: libc.ptrace(16, os.getppid(), 0, 0)),  # PTRACE_ATTACH
        ("perf_event_open", lambda: libc.syscall(298, 0, 0, -1, -1, 0)),
        ("userfaultfd", lambda: libc.syscall(323, 0)),
    ]
    results = []
    for name, call in calls:
        if call() == -1:
            results.append("%s: %s" % (name, os.strerror(ctypes.get_errno())))
        else:
            say("LEAK: %s worked" % name)
    say("blocked: " + "; ".join(results))
    fail()

elif attack == "neighbours":
    # What lies near the grader: its home and a file in it only it may
    # read, another submission, a folder it may write in, a process of its
    # user, and a port on loopback.
    def read(path):
        with open(path) as f:
            if not f.read(1):
                raise OSError("empty")

    def listdir(path):
        if not os.listdir(path):
            raise OSError("empty")

    def write(path):
        with open(path, "w") as f:
            f.write("left behind\n")

    def kill(pid):
        os.kill(int(pid), signal.SIGTERM)

    def connect(port):
        socket.create_connection(("127.0.0.1", int(port)), timeout=1).close()

    home = env("GRADER_HOME", "/nonexistent")
    probe([(os.path.join(home, ".secret"), read), (home, listdir), (env("SIBLING", "/nonexistent"), read),
           (os.path.join(env("OUTSIDE", "/nonexistent"), env("MARK") + "-out"), write),
           (env("VICTIM", "1"), kill), (env("PORT", "1"), connect)])
    fail()

else:
    say("unknown attack " + attack)
    sys.exit(2)
