package bot

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/google/go-github/v62/github"
)

// repoFiles are a repository's files at a ref, read through the contents API on demand: what
// a protocol reads besides the configuration (the standing team's layer of cards and
// profiles, the intent file), from the default branch, where a pull request cannot change it.
type repoFiles struct {
	ctx  context.Context
	g    *gitHub
	repo Repo
	ref  string
}

var (
	_ fs.ReadFileFS = repoFiles{}
	_ fs.ReadDirFS  = repoFiles{}
)

// maxRepoFile bounds one file read this way: these are small data files, and a repository's
// content is untrusted input.
const maxRepoFile = 256 << 10

func (f repoFiles) get(name string) (*github.RepositoryContent, []*github.RepositoryContent, error) {
	if !fs.ValidPath(name) {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	fc, dir, _, err := f.g.REST.Repositories.GetContents(f.ctx, f.repo.Owner, f.repo.Name, name, &github.RepositoryContentGetOptions{Ref: f.ref})
	if isNotFound(err) {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if err != nil {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("read %s from %s: %w", name, f.repo, err)}
	}
	return fc, dir, nil
}

// ReadFile reads one file.
func (f repoFiles) ReadFile(name string) ([]byte, error) {
	fc, _, err := f.get(name)
	if err != nil {
		return nil, err
	}
	if fc == nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("is a directory")}
	}
	if fc.GetSize() > maxRepoFile {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("is %d bytes; the limit is %d", fc.GetSize(), maxRepoFile)}
	}
	text, err := fc.GetContent()
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	return []byte(text), nil
}

// ReadDir lists a directory.
func (f repoFiles) ReadDir(name string) ([]fs.DirEntry, error) {
	fc, dir, err := f.get(name)
	if err != nil {
		return nil, err
	}
	if fc != nil {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fmt.Errorf("is a file")}
	}
	out := make([]fs.DirEntry, 0, len(dir))
	for _, c := range dir {
		out = append(out, entry{name: c.GetName(), dir: c.GetType() == "dir", size: int64(c.GetSize())})
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}

// Open opens a file for reading (directories are listed with ReadDir).
func (f repoFiles) Open(name string) (fs.File, error) {
	b, err := f.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return &memFile{Reader: bytes.NewReader(b), info: entry{name: path.Base(name), size: int64(len(b))}}, nil
}

// entry describes one file or directory of a listing.
type entry struct {
	name string
	dir  bool
	size int64
}

func (e entry) Name() string               { return e.name }
func (e entry) IsDir() bool                { return e.dir }
func (e entry) Type() fs.FileMode          { return e.Mode().Type() }
func (e entry) Info() (fs.FileInfo, error) { return e, nil }
func (e entry) Size() int64                { return e.size }
func (e entry) ModTime() time.Time         { return time.Time{} }
func (e entry) Sys() any                   { return nil }
func (e entry) Mode() fs.FileMode {
	if e.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}

type memFile struct {
	*bytes.Reader
	info entry
}

func (m *memFile) Stat() (fs.FileInfo, error) { return m.info, nil }
func (m *memFile) Close() error               { return nil }

var _ io.Reader = (*memFile)(nil)
