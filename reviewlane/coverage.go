package reviewlane

import (
	"fmt"
	"strings"
)

// Coverage is the manifest of what a lane's reviewer was shown. A diff larger than the
// configured limit is never cut mid-file: whole files are shown or skipped, and every skipped
// file is listed with its reason.
type Coverage struct {
	Complete      bool          `json:"complete"`
	FilesTotal    int           `json:"files_total"`
	FilesReviewed int           `json:"files_reviewed"`
	BytesTotal    int64         `json:"bytes_total"`
	BytesReviewed int64         `json:"bytes_reviewed"`
	LimitBytes    int64         `json:"limit_bytes"`
	Reviewed      []coveredFile `json:"reviewed"`
	Skipped       []coveredFile `json:"skipped"`
}

// coveredFile is one file's part of the diff.
type coveredFile struct {
	Path   string `json:"path"`
	Bytes  int64  `json:"bytes"`
	Reason string `json:"reason,omitempty"`
}

// Reasons a file's diff is not shown to the reviewer.
const (
	skipExcluded = "excluded-by-paths"
	skipOverSize = "over-size-limit"
	skipBinary   = "binary"
)

// Line is the one-line account of coverage shown in the check run and the PR comment.
func (c *Coverage) Line() string {
	if c == nil {
		return "Coverage: the diff was not read."
	}
	s := fmt.Sprintf("Coverage: %d of %d files, %d of %d bytes reviewed", c.FilesReviewed,
		c.FilesTotal, c.BytesReviewed, c.BytesTotal)
	if c.Complete {
		return s + " (the whole diff)."
	}
	counts := map[string]int{}
	for _, f := range c.Skipped {
		counts[f.Reason]++
	}
	var parts []string
	for _, r := range []string{skipOverSize, skipExcluded, skipBinary} {
		if counts[r] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[r], r))
		}
	}
	return s + "; NOT the whole diff — skipped: " + strings.Join(parts, ", ") + "."
}
