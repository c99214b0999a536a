package decision

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTitle(t *testing.T) {
	assert.Equal(t, "[Council] Adopt a queue?", Title("[Council]", "  Adopt a queue?\nmore text"))
	long := Title("[War Room]", strings.Repeat("é", 300))
	assert.Equal(t, 120, len([]rune(strings.TrimPrefix(long, "[War Room] "))))
	assert.True(t, strings.HasSuffix(long, "…"))
}
