# structure.py reads the modules of a Python submission with ast and says
# which of the assignment's rules of structure they keep. othello check
# runs it as python3 -I -c SCRIPT MAIN in the sandbox, in the submission's
# folder, with the submission's own Python: MAIN is the module the command
# runs. It never imports nor runs the submission's code, and it prints
# one JSON object, ASCII only, on one line:
#
#   {"logic": RULE, "class": RULE, "exception": RULE}
#   RULE = {"met": true or false, "where": [{"file": F, "line": N, "what": W}, ...]}
#
# F is a file name's bytes, each as the character of that code (Latin-1),
# so that any name comes back as it is; N is 0 for a whole file. It runs
# on Python 3.6 and later.
import ast
import builtins
import json
import os
import stat
import sys

MAX_FILE = 1 << 20  # bytes of a module read; a larger one is not
MAX_MODULES = 200  # modules of the folder read
MAX_WHERE = 5  # places said of each rule
MAX_WHAT = 200  # characters of a message

main = sys.argv[1]
folder = os.path.dirname(main) or "."
main_name = os.path.basename(main)


def place(name, line, what):
    return {"file": os.fsencode(name).decode("latin-1"), "line": line, "what": what[:MAX_WHAT]}


def read(name):
    """read returns the source of the module, or raises ValueError."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(os.path.join(folder, name), flags)
    except OSError as e:
        raise ValueError("cannot be read: " + (e.strerror or "error"))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError("is not a regular file")
        source = f.read(MAX_FILE + 1)
    if len(source) > MAX_FILE:
        raise ValueError("is larger than 1 MiB: not read")
    return source


class Module:
    def __init__(self, name):
        self.name = name
        self.tree = None
        self.problem = None  # a place, when the module cannot be read
        try:
            self.tree = ast.parse(read(name), filename=name)
        except SyntaxError as e:
            self.problem = place(name, e.lineno or 0, "does not parse: " + str(e.msg))
        except RecursionError:
            self.problem = place(name, 0, "does not parse: nested too deeply")
        except MemoryError:
            self.problem = place(name, 0, "does not parse: too large")
        except ValueError as e:
            self.problem = place(name, 0, str(e))
        except Exception as e:
            self.problem = place(name, 0, "does not parse: " + type(e).__name__)
        self.nodes = list(ast.walk(self.tree)) if self.tree is not None else []

    def classes(self):
        return [n for n in self.nodes if isinstance(n, ast.ClassDef)]

    def io(self):
        """io returns the places where the module prints or reads."""
        got = []
        for n in self.nodes:
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("print", "input"):
                got.append(place(self.name, n.lineno, "calls " + n.func.id))
            elif isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "sys" and n.attr in ("stdout", "stdin", "__stdout__", "__stdin__"):
                got.append(place(self.name, n.lineno, "uses sys." + n.attr))
            elif isinstance(n, ast.ImportFrom) and n.module == "sys" and n.level == 0:
                for a in n.names:
                    if a.name in ("stdout", "stdin", "__stdout__", "__stdin__"):
                        got.append(place(self.name, n.lineno, "imports sys." + a.name))
        return got

    def imports(self):
        """imports returns the names of the top-level modules it imports."""
        got = []
        for n in self.nodes:
            if isinstance(n, ast.Import):
                got += [(a.name.split(".")[0], n.lineno) for a in n.names]
            elif isinstance(n, ast.ImportFrom):
                if n.module:
                    got.append((n.module.split(".")[0], n.lineno))
                else:
                    got += [(a.name, n.lineno) for a in n.names]
        return got


def base_name(b):
    if isinstance(b, ast.Name):
        return b.id
    if isinstance(b, ast.Attribute):
        return b.attr
    return None


def rule(met, where):
    return {"met": met, "where": where[:MAX_WHERE]}


names = []
for e in os.scandir(folder):
    if e.name.endswith(".py") and e.is_file(follow_symlinks=False):
        names.append(e.name)
names.sort()
names = names[:MAX_MODULES]
if main_name not in names:
    names.insert(0, main_name)
modules = {n: Module(n) for n in names}
unread = [m.problem for m in modules.values() if m.problem]
main_module = modules[main_name]

# The game logic: in the modules of the folder that the main module
# imports, none of which prints or reads.
if main_module.problem:
    logic = rule(False, [main_module.problem])
else:
    imported = []
    for name, line in main_module.imports():
        file = name + ".py"
        if file in modules and file != main_name and file not in [f for f, _ in imported]:
            imported.append((file, line))
    if not imported:
        logic = rule(False, [place(main_name, 0, "imports no module of its folder: the game logic must be in a module of its own")])
    else:
        bad = []
        for file, _ in imported:
            m = modules[file]
            bad += [m.problem] if m.problem else m.io()
        if bad:
            logic = rule(False, bad)
        else:
            logic = rule(True, [place(main_name, line, "imports " + file + ", which neither prints nor reads") for file, line in imported])

classes = [(m.name, c) for m in modules.values() for c in m.classes()]
if classes:
    name, c = classes[0]
    a_class = rule(True, [place(name, c.lineno, "class " + c.name)])
else:
    a_class = rule(False, [place(main_name, 0, "no class in any of its %d modules" % len(modules))] + unread)

# An exception class: one whose base is a built-in exception, or another
# exception class of the submission.
exceptions = set(n for n, v in vars(builtins).items() if isinstance(v, type) and issubclass(v, BaseException))
own = set()  # the indexes in classes of the exception classes
changed = True
while changed:
    changed = False
    for i, (name, c) in enumerate(classes):
        if i not in own and any(base_name(b) in exceptions for b in c.bases):
            own.add(i)
            exceptions.add(c.name)
            changed = True
found = classes[min(own)] if own else None
if found:
    name, c = found
    an_exception = rule(True, [place(name, c.lineno, "class " + c.name + ", an exception")])
else:
    an_exception = rule(False, [place(main_name, 0, "no class of its own derives from Exception")] + unread)

sys.stdout.write(json.dumps({"logic": logic, "class": a_class, "exception": an_exception}, ensure_ascii=True) + "\n")
