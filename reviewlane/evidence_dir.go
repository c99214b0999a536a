//go:build unix

package reviewlane

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// fileID is what a file is, whatever it is called: its device and inode.
type fileID struct{ dev, ino uint64 }

func idOf(st *unix.Stat_t) fileID { return fileID{dev: uint64(st.Dev), ino: st.Ino} }

// laneDirectory is a lane's evidence directory as the lane found it when its checks ran. Every
// write reaches it again from the evidence root one component at a time, following no link,
// and must find the same directory (device and inode): a directory swapped for a link, or
// for another directory, while the model was answering is never written through.
type laneDirectory struct {
	root string   // the evidence root, as the request names it
	rel  []string // the components from root to the lane directory
	id   fileID
	// written, when set, runs after a file is written and before it is validated (tests
	// use it to swap the directory at exactly that moment).
	written func(path string)
}

// openLaneDirectory finds dir beneath root without following links and records its identity.
func openLaneDirectory(root, dir string) (*laneDirectory, error) {
	rel, err := components(root, dir)
	if err != nil {
		return nil, err
	}
	ld := &laneDirectory{root: root, rel: rel}
	fd, err := ld.open()
	if err != nil {
		return nil, err
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return nil, fmt.Errorf("lane directory %s: %w", dir, err)
	}
	ld.id = idOf(&st)
	return ld, nil
}

// components splits dir's path beneath root into names; dir must lie beneath root as written.
func components(root, dir string) ([]string, error) {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("evidence directory %s: %w", root, err)
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("lane directory %s: %w", dir, err)
	}
	rel, err := filepath.Rel(absRoot, absDir)
	if err != nil || rel == "." || !within(absRoot, absDir) {
		return nil, fmt.Errorf("lane directory %s is not beneath the evidence directory %s", dir, root)
	}
	return strings.Split(rel, string(filepath.Separator)), nil
}

// path is the lane directory's path.
func (ld *laneDirectory) path() string {
	return filepath.Join(append([]string{ld.root}, ld.rel...)...)
}

// open walks from the root to the lane directory with O_NOFOLLOW on every component and
// returns the directory's descriptor. The root itself is the operator's and is opened as named.
func (ld *laneDirectory) open() (int, error) {
	fd, err := unix.Open(ld.root, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, fmt.Errorf("evidence directory %s: %w", ld.root, err)
	}
	for _, name := range ld.rel {
		next, err := unix.Openat(fd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		unix.Close(fd)
		if err != nil {
			return -1, fmt.Errorf("lane directory %s: %s is a link or not a directory: %w", ld.path(), name, err)
		}
		fd = next
	}
	return fd, nil
}

// reopen opens the lane directory again and checks that it is the one the lane started with.
func (ld *laneDirectory) reopen() (int, error) {
	fd, err := ld.open()
	if err != nil {
		return -1, err
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		unix.Close(fd)
		return -1, fmt.Errorf("lane directory %s: %w", ld.path(), err)
	}
	if idOf(&st) != ld.id {
		unix.Close(fd)
		return -1, fmt.Errorf("lane directory %s was replaced after the lane started; nothing is written through it", ld.path())
	}
	return fd, nil
}

// intact says whether the lane directory is still the one the lane found (false for nil).
func (ld *laneDirectory) intact() bool {
	if ld == nil {
		return false
	}
	fd, err := ld.reopen()
	if err == nil {
		unix.Close(fd)
	}
	return err == nil
}

// write creates name in the lane directory exclusively (never through a planted file or
// link), writes body and validates the result: the directory is still the lane's, and name
// is still the file written, a nonempty regular file with no other link.
func (ld *laneDirectory) write(name string, body []byte) error {
	path := filepath.Join(ld.path(), name)
	dir, err := ld.reopen()
	if err != nil {
		return fmt.Errorf("write evidence %s: %w", path, err)
	}
	fd, err := unix.Openat(dir, name, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o644)
	unix.Close(dir)
	if err != nil {
		return fmt.Errorf("write evidence %s: %w", path, err)
	}
	f := os.NewFile(uintptr(fd), path)
	_, err = f.Write(body)
	var st unix.Stat_t
	if err == nil {
		err = unix.Fstat(fd, &st)
	}
	if err = errors.Join(err, f.Close()); err != nil {
		return fmt.Errorf("write evidence %s: %w", path, err)
	}
	if ld.written != nil {
		ld.written(path)
	}
	return ld.validate(name, idOf(&st))
}

// validate re-checks a written file: reached again without links, in the same directory, it
// is the same file, nonempty, regular, and linked from nowhere else.
func (ld *laneDirectory) validate(name string, want fileID) error {
	path := filepath.Join(ld.path(), name)
	dir, err := ld.reopen()
	if err != nil {
		return fmt.Errorf("evidence %s: %w", path, err)
	}
	defer unix.Close(dir)
	var st unix.Stat_t
	if err := unix.Fstatat(dir, name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return fmt.Errorf("evidence %s: %w", path, err)
	}
	if idOf(&st) != want {
		return fmt.Errorf("evidence %s was replaced after it was written", path)
	}
	return checkEvidenceStat(path, &st)
}

// checkEvidenceFile applies checkEvidenceStat to the file at real (path as the caller named it).
func checkEvidenceFile(path, real string) error {
	var st unix.Stat_t
	if err := unix.Lstat(real, &st); err != nil {
		return fmt.Errorf("evidence %s: %w", path, err)
	}
	return checkEvidenceStat(path, &st)
}

// checkEvidenceStat applies the rules every evidence file must meet.
func checkEvidenceStat(path string, st *unix.Stat_t) error {
	switch {
	case st.Mode&unix.S_IFMT != unix.S_IFREG:
		return fmt.Errorf("evidence %s is not a regular file", path)
	case st.Nlink != 1:
		return fmt.Errorf("evidence %s has %d links: a file linked from elsewhere is not evidence", path, st.Nlink)
	case st.Size == 0:
		return fmt.Errorf("evidence %s is empty", path)
	}
	return nil
}
