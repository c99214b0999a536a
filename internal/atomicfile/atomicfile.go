// Package atomicfile replaces a file in one rename, so that a reader (a web server, another
// process) never sees half of it and a failure never leaves a torn one.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write replaces path with data, created with perm, through a temporary file beside it that
// is removed if anything fails. The directory must exist.
func Write(path string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(perm); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
