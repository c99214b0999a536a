package reviewlane

import (
	"errors"
	"fmt"
)

// errEvidenceUnsupported: the lane directory's guarantees (every component opened without
// following a link, the directory and each file checked by device and inode) are built on Unix
// calls only. On Windows a lane refuses to write evidence rather than write it unguarded.
var errEvidenceUnsupported = errors.New("review-lane evidence is written only on Unix systems (Linux, macOS); the checks that keep it from being redirected are not built for Windows")

// laneDirectory on Windows is never opened; see errEvidenceUnsupported.
type laneDirectory struct {
	written func(path string)
}

func openLaneDirectory(_, dir string) (*laneDirectory, error) {
	return nil, fmt.Errorf("lane directory %s: %w", dir, errEvidenceUnsupported)
}

func (ld *laneDirectory) intact() bool { return false }

func (ld *laneDirectory) write(name string, _ []byte) error {
	return fmt.Errorf("write evidence %s: %w", name, errEvidenceUnsupported)
}

func checkEvidenceFile(path, _ string) error {
	return fmt.Errorf("evidence %s: %w", path, errEvidenceUnsupported)
}
