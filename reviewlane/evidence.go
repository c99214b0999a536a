package reviewlane

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Evidence file names beneath a lane's directory.
const (
	transcriptName = "transcript.json"
	artifactName   = "review.md"
	requestName    = "request.json"
	resultName     = "result.json"
)

// laneDir is where one lane keeps its request and evidence, beneath the evidence root.
func laneDir(root, lane string) string { return filepath.Join(root, "lanes", lane) }

// ValidateEvidence checks that path, once every symlink is resolved, is a nonempty regular
// file inside root (itself resolved). It returns the resolved path.
func ValidateEvidence(root, path string) (string, error) {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", fmt.Errorf("evidence directory %s: %w", root, err)
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", fmt.Errorf("evidence %s: %w", path, err)
	}
	if !within(realRoot, real) {
		return "", fmt.Errorf("evidence %s resolves to %s, outside the evidence directory %s", path, real, realRoot)
	}
	fi, err := os.Stat(real)
	switch {
	case err != nil:
		return "", fmt.Errorf("evidence %s: %w", path, err)
	case !fi.Mode().IsRegular():
		return "", fmt.Errorf("evidence %s is not a regular file (%s)", path, fi.Mode().Type())
	case fi.Size() == 0:
		return "", fmt.Errorf("evidence %s is empty", path)
	}
	return real, nil
}

// checkLaneDir refuses a lane directory that resolves outside the evidence root: nothing may
// be written through it.
func checkLaneDir(root, dir string) error {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return fmt.Errorf("evidence directory %s: %w", root, err)
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return fmt.Errorf("lane directory %s: %w", dir, err)
	}
	if !within(realRoot, real) {
		return fmt.Errorf("lane directory %s resolves to %s, outside the evidence directory %s", dir, real, realRoot)
	}
	return nil
}

func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// writeEvidence writes one evidence file exclusively (never through a planted file or link)
// and validates it.
func writeEvidence(root, path string, body []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("write evidence: %w", err)
	}
	_, err = f.Write(body)
	err = errors.Join(err, f.Close())
	if err != nil {
		return fmt.Errorf("write evidence %s: %w", path, err)
	}
	_, err = ValidateEvidence(root, path)
	return err
}
