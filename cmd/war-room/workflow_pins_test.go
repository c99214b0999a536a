package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	usesLine   = regexp.MustCompile(`^\s*(?:- )?uses:\s*(\S+)`)
	pinnedUse  = regexp.MustCompile(`^([\w.-]+/[\w.-]+)(?:/[\w./-]+)?@[0-9a-f]{40}$`)
	versionTag = regexp.MustCompile(`^\s*# ([\w.-]+/[\w.-]+) (v\d+\.\d+\.\d+)\s*$`)
)

// TestWorkflowActionsArePinnedByCommit: every action this repository's workflows use is pinned
// by a full commit id, with the comment above it naming the action and the release that commit
// is. A placeholder, a tag or a branch fails here.
func TestWorkflowActionsArePinnedByCommit(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", ".github", "workflows", "*.yml"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	seen := 0
	for _, f := range files {
		lines := strings.Split(readString(t, f), "\n")
		for i, l := range lines {
			m := usesLine.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			seen++
			ref := m[1]
			if strings.HasPrefix(ref, "./") {
				continue // an action in this repository
			}
			pin := pinnedUse.FindStringSubmatch(ref)
			if !assert.NotNil(t, pin, "%s:%d: %s is not pinned by a full commit id", filepath.Base(f), i+1, ref) {
				continue
			}
			above := ""
			for j := i - 1; j >= 0 && above == ""; j-- {
				if c := strings.TrimSpace(lines[j]); strings.HasPrefix(c, "#") {
					above = lines[j]
				} else if !strings.HasPrefix(c, "- id:") && !strings.HasPrefix(c, "- name:") && !strings.HasPrefix(c, "id:") && !strings.HasPrefix(c, "name:") {
					break
				}
			}
			v := versionTag.FindStringSubmatch(above)
			if assert.NotNil(t, v, "%s:%d: no '# %s vX.Y.Z' comment above %s", filepath.Base(f), i+1, pin[1], ref) {
				assert.Equal(t, pin[1], v[1], "%s:%d: the comment names another action", filepath.Base(f), i+1)
			}
		}
	}
	assert.GreaterOrEqual(t, seen, 8, "the release and CI workflows use at least eight actions")
}
