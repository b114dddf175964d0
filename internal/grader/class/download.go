package class

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// A Download is a class's submissions as a course platform gives them
// for download, unzipped into one folder, which othello grade takes as
// it comes when that folder is its only SUBMISSION:
//
//   - Gradescope's export (Review Grades, Export Submissions): a folder
//     submission_ID for each submission, and submission_metadata.yml,
//     which names the students of each and is the roster;
//   - Canvas's Download Submissions: flat, a file for each file a student
//     handed in, named STUDENT_ (LATE_ when late) USERID_ATTACHMENTID_
//     then the file's own name, where STUDENT is the sortable name,
//     "Müller, Zoë", lowercased with all but letters, digits and _ left
//     out ("müllerzoë"), or anon_ID when grading is anonymous; a text
//     entry or a URL is STUDENT_USERID_text.html or _link.html;
//   - Moodle's Download all submissions: with Download submissions in
//     folders (the default), a folder for each student and plugin, FULL
//     NAME_PARTICIPANTID_assignsubmission_file (with a _ after it before
//     Moodle 4.1), holding the files; without, flat files named FULL
//     NAME_PARTICIPANTID_assignsubmission_file_ then the file's name. The
//     full name has its _ made spaces; a team's is the group's name and
//     id, blind marking's "Participant". Online text is
//     ..._assignsubmission_onlinetext.
//
// A submission whose files are flat (Canvas's, Moodle's without
// folders) has them gathered into a folder of its own (Stage), each file
// under the name it was handed in with.
type Download struct {
	Kind string // what it is: "Gradescope's export", "Canvas's download", "Moodle's download in folders", "Moodle's flat download"
	Dir  string // as given
	// Roster is the roster it holds, Gradescope's
	// submission_metadata.yml; "" for none.
	Roster string
	// IDColumn is the column of a CSV roster with no column submission
	// that holds each student's id on the platform, as Submission.ID:
	// "ID", Canvas's user id, in Canvas's gradebook export; "" for none.
	IDColumn    string
	Submissions []Submission // by name
	// Left are what it holds that is no submission, each named as it is
	// there, with why in parentheses where its name does not say.
	Left []string
	// Renamed are the files given back the name they were handed in
	// with, such as "limaana: othello-1.py as othello.py".
	Renamed []string
	others  []string // the paths of Left
}

// A Submission is one student's part of a download, or a group's.
type Submission struct {
	Name string // as the grades name it
	ID   string // the student's id on the platform: Canvas's user id, Moodle's participant id; "" for none
	// Dir is its folder in the download; "" for one whose files are
	// flat, until Stage gathers them into a folder of its own.
	Dir   string
	Files []File // the files Stage gathers, for one whose files are flat
}

// A File is a file of a flat download and the name it was handed in
// with, which it gets in its submission's folder.
type File struct {
	Path string
	Name string
}

// The names that platforms give what they download.
const (
	gradescopeMetadata = "submission_metadata.yml"
	moodlePlugin       = "_assignsubmission_"
)

var (
	gradescopeFolder = regexp.MustCompile(`^submission_[0-9]+$`)
	// canvasFile is a file a student handed in, as Canvas's download
	// names it: the student, LATE_ when late, the user's id, the file's
	// id, and its own name. The student's part never holds _DIGITS_ (Canvas
	// keeps it from doing so), so the first match is the right one.
	canvasFile = regexp.MustCompile(`^(.*?)_(LATE_)?([0-9]+)_([0-9]+)_(.+)$`)
	// canvasAnonymous is the same when grading is anonymous: no name,
	// and anon_ID for the user's id.
	canvasAnonymous = regexp.MustCompile(`^(LATE_)?(anon_[0-9A-Za-z]+)_([0-9]+)_(.+)$`)
	// canvasEntry is a text entry's page or a URL's.
	canvasEntry = regexp.MustCompile(`^(?:.*?_)?(LATE_)?(anon_[0-9A-Za-z]+|[0-9]+)_(text|link)\.html$`)
	// canvasRenamed is a name Canvas gave a file handed in again, whose
	// first name its student's files already had: the name then -N (N
	// from 1), or a UUID from the 8th on.
	canvasRenamed = regexp.MustCompile(`^(.+)-([1-9][0-9]*|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`)
	// canvasExtension is the end of a file's name that Canvas keeps
	// after the -N it adds: .py, .tar.gz.
	canvasExtension = regexp.MustCompile(`(\.[A-Za-z][A-Za-z0-9]*)*(\.[A-Za-z0-9]*)$`)
	moodleID        = regexp.MustCompile(`^(.*)_([0-9]+)$`)
)

// ReadDownload returns the download that the folder dir is, or nil if
// it is none of them (then it is one submission). Gradescope's export
// is told by its submission_metadata.yml; Canvas's and Moodle's by the
// names of all that they hold, every one named as the platform names
// them, names that start with a dot, __MACOSX and the paths of ignore
// (the grades, when they are written in it) left aside. It returns a
// *SubmissionError for a folder it cannot read, and for a download that
// gives one student two folders or two files of the same name.
func ReadDownload(dir string, ignore ...string) (*Download, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, &SubmissionError{Path: dir, Msg: "submission " + dir + " cannot be read: " + pathError(err)}
	}
	entries = slices.DeleteFunc(entries, func(e os.DirEntry) bool {
		return strings.HasPrefix(e.Name(), ".") || e.Name() == "__MACOSX" || slices.Contains(ignore, abs(filepath.Join(dir, e.Name())))
	})
	var d *Download
	switch {
	case slices.ContainsFunc(entries, func(e os.DirEntry) bool { return e.Name() == gradescopeMetadata && e.Type().IsRegular() }):
		d = readGradescope(dir, entries)
	case len(entries) == 0:
		return nil, nil
	case allNamed(entries, isMoodle):
		d, err = readMoodle(dir, entries)
	case allNamed(entries, isCanvas):
		d, err = readCanvas(dir, entries)
	default:
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return d, d.name()
}

// allNamed reports whether is holds for every entry.
func allNamed(entries []os.DirEntry, is func(os.DirEntry) bool) bool {
	for _, e := range entries {
		if !is(e) {
			return false
		}
	}
	return true
}

// isMoodle reports whether e is named as Moodle's download names a
// student's folder or file.
func isMoodle(e os.DirEntry) bool {
	prefix, _, ok := strings.Cut(e.Name(), moodlePlugin)
	return ok && prefix != "" && (e.IsDir() || e.Type().IsRegular())
}

// isCanvas reports whether e is a file named as Canvas's download names
// one.
func isCanvas(e os.DirEntry) bool {
	n := e.Name()
	return e.Type().IsRegular() && (canvasAnonymous.MatchString(n) || canvasFile.MatchString(n) || canvasEntry.MatchString(n))
}

// readGradescope reads Gradescope's export: each folder submission_ID a
// submission, named so; its other entries left.
func readGradescope(dir string, entries []os.DirEntry) *Download {
	d := &Download{Kind: "Gradescope's export", Dir: dir, Roster: filepath.Join(dir, gradescopeMetadata)}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		switch {
		case e.Name() == gradescopeMetadata:
		case e.IsDir() && gradescopeFolder.MatchString(e.Name()):
			d.Submissions = append(d.Submissions, Submission{Name: e.Name(), Dir: path})
		default:
			d.Left, d.others = append(d.Left, e.Name()), append(d.others, path)
		}
	}
	return d
}

// readCanvas reads Canvas's download: the files of each user, by the
// user's id, a submission named by the student's part of their names;
// text entries and URLs left.
func readCanvas(dir string, entries []os.DirEntry) (*Download, error) {
	d := &Download{Kind: "Canvas's download", Dir: dir, IDColumn: "ID"}
	byID := map[string]*Submission{}
	var ids []string // in the order of the files
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		var name, id, file string
		if m := canvasAnonymous.FindStringSubmatch(e.Name()); m != nil {
			name, id, file = m[2], m[2], m[4]
		} else if m := canvasFile.FindStringSubmatch(e.Name()); m != nil {
			name, id, file = m[1], m[3], m[5]
		} else {
			what := "a text entry"
			if strings.HasSuffix(e.Name(), "_link.html") {
				what = "a URL"
			}
			d.Left, d.others = append(d.Left, e.Name()+" ("+what+")"), append(d.others, path)
			continue
		}
		s := byID[id]
		if s == nil {
			s = &Submission{Name: name}
			if !strings.HasPrefix(id, "anon_") {
				s.ID = id
			}
			byID[id] = s
			ids = append(ids, id)
		}
		s.Files = append(s.Files, File{Path: path, Name: file})
	}
	for _, id := range ids {
		s := byID[id]
		if err := d.restore(s); err != nil {
			return nil, err
		}
		d.Submissions = append(d.Submissions, *s)
	}
	return d, nil
}

// restore gives each file of s the name it was handed in with: Canvas's
// -N taken off where the student's files have no file of the name
// without it, nor another file that would take it, and the file's whole
// name in the download for a name that is not one of its own (..). It
// returns a *SubmissionError for two files of the same name.
func (d *Download) restore(s *Submission) error {
	count := map[string]int{}
	for i, f := range s.Files {
		if f.Name == "." || f.Name == ".." {
			s.Files[i].Name = filepath.Base(f.Path)
		}
		count[s.Files[i].Name]++
	}
	first := map[string]int{} // how many files would take each name back
	for _, f := range s.Files {
		if count[f.Name] > 1 {
			return &SubmissionError{Path: d.Dir, Msg: fmt.Sprintf("%s gives %s two files named %s", d.Dir, s.Name, f.Name)}
		}
		if back, ok := canvasUnrenamed(f.Name); ok {
			first[back]++
		}
	}
	for i, f := range s.Files {
		if back, ok := canvasUnrenamed(f.Name); ok && count[back] == 0 && first[back] == 1 {
			s.Files[i].Name = back
			d.Renamed = append(d.Renamed, fmt.Sprintf("%s: %s as %s", s.Name, f.Name, back))
		}
	}
	return nil
}

// canvasUnrenamed returns the name that Canvas made name from by
// adding -N before its extension, and whether it made it so.
func canvasUnrenamed(name string) (string, bool) {
	ext := canvasExtension.FindString(name)
	m := canvasRenamed.FindStringSubmatch(strings.TrimSuffix(name, ext))
	if m == nil {
		return "", false
	}
	return m[1] + ext, true
}

// readMoodle reads Moodle's download, in folders or flat: each
// student's, by the prefix of their names, a submission named by the
// full name; what another plugin than file holds (online text) left.
func readMoodle(dir string, entries []os.DirEntry) (*Download, error) {
	d := &Download{Kind: "Moodle's download in folders", Dir: dir}
	byPrefix := map[string]*Submission{}
	var prefixes []string
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		prefix, rest, _ := strings.Cut(e.Name(), moodlePlugin)
		plugin, file, _ := strings.Cut(rest, "_")
		if plugin != "file" || e.IsDir() != (file == "") {
			what := "not a file handed in"
			if plugin == "onlinetext" {
				what = "online text"
			}
			d.Left, d.others = append(d.Left, e.Name()+" ("+what+")"), append(d.others, path)
			continue
		}
		s := byPrefix[prefix]
		if s == nil {
			s = &Submission{Name: prefix}
			if m := moodleID.FindStringSubmatch(prefix); m != nil {
				s.Name, s.ID = m[1], m[2]
			}
			byPrefix[prefix] = s
			prefixes = append(prefixes, prefix)
		}
		if file == "." || file == ".." {
			file = e.Name()
		}
		switch {
		case e.IsDir() && s.Dir == "" && s.Files == nil:
			s.Dir = path
		case !e.IsDir() && s.Dir == "" && !slices.ContainsFunc(s.Files, func(f File) bool { return f.Name == file }):
			s.Files = append(s.Files, File{Path: path, Name: file})
			d.Kind = "Moodle's flat download"
		default:
			return nil, &SubmissionError{Path: dir, Msg: fmt.Sprintf("%s gives %s its files twice: %s", dir, prefix, e.Name())}
		}
	}
	for _, p := range prefixes {
		d.Submissions = append(d.Submissions, *byPrefix[p])
	}
	return d, nil
}

// name gives each submission of d its name: the student's, or the long
// one with the id for a name that another submission has too or that is
// not one of its own; then sorts them by name. It returns a
// *SubmissionError if two are still named the same.
func (d *Download) name() error {
	count := map[string]int{}
	for _, s := range d.Submissions {
		count[s.Name]++
	}
	for i, s := range d.Submissions {
		if (count[s.Name] > 1 || !ownName(s.Name)) && s.ID != "" {
			d.Submissions[i].Name = s.Name + "_" + s.ID
		}
	}
	slices.SortFunc(d.Submissions, func(a, b Submission) int { return strings.Compare(a.Name, b.Name) })
	for i, s := range d.Submissions {
		if !ownName(s.Name) {
			return &SubmissionError{Path: d.Dir, Msg: fmt.Sprintf("%s gives a submission no name of its own: %q", d.Dir, s.Name)}
		}
		if i > 0 && d.Submissions[i-1].Name == s.Name {
			return &SubmissionError{Path: d.Dir, Msg: fmt.Sprintf("%s gives two submissions the name %s", d.Dir, s.Name)}
		}
	}
	return nil
}

// ownName reports whether name can name a folder of its own: not empty,
// . or .., and no path separator in it.
func ownName(name string) bool {
	return strings.Trim(name, ".") != "" && !strings.ContainsAny(name, "/"+string(filepath.Separator))
}

// Staged is the folder under othello grade's -out where Stage gathers
// the files of flat downloads, a folder NAME for each submission.
const Staged = "staged"

// Stage gathers the files of each submission that has no folder of its
// own into a new folder, dir/NAME, each under the name it was handed in
// with, and returns the folder of each submission in d's order. It
// makes dir anew, so that no file of an earlier run stays.
func (d *Download) Stage(dir string) ([]string, error) {
	if err := os.RemoveAll(dir); err != nil {
		return nil, err
	}
	folders := make([]string, len(d.Submissions))
	for i, s := range d.Submissions {
		if s.Dir != "" {
			folders[i] = s.Dir
			continue
		}
		folders[i] = filepath.Join(dir, s.Name)
		if err := os.MkdirAll(folders[i], 0o755); err != nil {
			return nil, err
		}
		for _, f := range s.Files {
			if err := copyFile(f.Path, filepath.Join(folders[i], f.Name)); err != nil {
				return nil, err
			}
		}
	}
	return folders, nil
}

// Staged reports whether d has submissions that Stage gathers.
func (d *Download) Staged() bool {
	return slices.ContainsFunc(d.Submissions, func(s Submission) bool { return s.Dir == "" })
}

// Hide returns what of the download a program must not see but its own
// submission: the whole folder when its files are gathered elsewhere,
// and otherwise all but the submissions' folders (the roster, online
// text), which a program could read as it reads the others.
func (d *Download) Hide() []string {
	if d.Staged() {
		return []string{abs(d.Dir)}
	}
	var hide []string
	for _, p := range d.others {
		hide = append(hide, abs(p))
	}
	if d.Roster != "" {
		hide = append(hide, abs(d.Roster))
	}
	return hide
}

// describe returns the line, without its end, that says what d is and
// what Grade does with it: how many submissions, where it gathers the
// files of those that have no folder (staged), whether its roster is
// the roster (rostered), the files it gives back their names, and what
// it leaves out.
func (d *Download) describe(staged string, rostered bool) string {
	line := fmt.Sprintf("%s is %s: %s", d.Dir, d.Kind, plural(len(d.Submissions), "submission", "submissions"))
	if d.Staged() {
		line += ", each one's files gathered in " + filepath.Join(staged, "NAME")
	}
	if d.Roster != "" && rostered {
		line += ", the roster from its " + filepath.Base(d.Roster)
	}
	if len(d.Renamed) > 0 {
		line += fmt.Sprintf("; named as handed in, %d: %s", len(d.Renamed), strings.Join(d.Renamed, ", "))
	}
	if len(d.Left) > 0 {
		line += fmt.Sprintf("; left out, %d: %s", len(d.Left), strings.Join(d.Left, ", "))
	}
	return line
}

// ReadRoster reads the roster of path as ReadRoster does, but for a CSV
// file with no column submission, whose students d finds by its
// IDColumn: each student's submission is the one of d with the id.
func (d *Download) ReadRoster(path string) (*Roster, error) {
	if d == nil || d.IDColumn == "" {
		return ReadRoster(path)
	}
	byID := map[string]string{}
	for _, s := range d.Submissions {
		if s.ID != "" {
			byID[s.ID] = s.Name
		}
	}
	return readRoster(path, &idMatch{Column: d.IDColumn, Submissions: byID})
}

// pathError returns what is wrong in err, without the path that an
// *fs.PathError names.
func pathError(err error) string {
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// copyFile copies the regular file from to a new file to, with the
// same permission to run.
func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	perm := os.FileMode(0o644)
	if fi.Mode()&0o100 != 0 {
		perm = 0o755
	}
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
