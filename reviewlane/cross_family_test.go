package reviewlane

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/war-room/war-room/engine"
)

// The lane's cross-family rule is the engine's judge: a reviewer shares no family with any
// model that wrote the change, and an author with no model family has nothing to be apart from.
func TestCrossFamilyIsTheEnginesJudge(t *testing.T) {
	claude := &engine.Profile{Name: "claude", Family: "anthropic"}
	assert.Empty(t, crossFamily(Author{Login: "octocat"}, claude), "a person wrote it")
	assert.Empty(t, crossFamily(Author{Family: "openai"}, claude))
	why := crossFamily(Author{Login: "bot", Family: "openai", CoauthorFamilies: []string{"anthropic"}}, claude)
	if assert.Len(t, why, 1) {
		assert.Contains(t, why[0], "both family anthropic")
		assert.Contains(t, why[0], "reviewer (claude)")
	}
	assert.NotEmpty(t, crossFamily(Author{Family: "openai"}, &engine.Profile{Name: "local"}),
		"a reviewer with no declared family cannot be shown apart")
}
