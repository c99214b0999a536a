package reviewlane

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/war-room/war-room/engine"
)

// Evidence file names beneath a lane's directory.
const (
	transcriptName = "transcript.json"
	artifactName   = "review.md"
	requestName    = "request.json"
	// resultName is also the session artifact the lane's record seals as its result.
	resultName = engine.ResultArtifact
)

// laneDir is where one lane keeps its request and evidence, beneath the evidence root.
func laneDir(root, lane string) string { return filepath.Join(root, "lanes", lane) }

// validateEvidence checks that path, once every symlink is resolved, is a nonempty regular
// file inside root (itself resolved) with no other hard link: a second name for a file
// outside the evidence directory is refused like a symlink to it. It returns the resolved
// path. The lane's own writes are checked more strictly (see laneDirectory).
func validateEvidence(root, path string) (string, error) {
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
	if err := checkEvidenceFile(path, real); err != nil {
		return "", err
	}
	return real, nil
}

func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
