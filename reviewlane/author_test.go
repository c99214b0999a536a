package reviewlane

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestResolveAuthorFamilies(t *testing.T) {
	authors := map[string]string{"claude-bot[bot]": "anthropic", "ada@example.com": "google"}
	coauthors := map[string]string{"Claude": "anthropic", "Codex": "openai"}

	a := resolveAuthor(authorFacts{Login: "claude-bot[bot]"}, authors, coauthors)
	assert.Equal(t, "anthropic", a.Family)
	assert.Equal(t, "github:claude-bot[bot]", a.ContextID)
	assert.Contains(t, a.Basis, "review.author_families[claude-bot[bot]]")

	a = resolveAuthor(authorFacts{Login: "dependabot[bot]"}, authors, coauthors)
	assert.Equal(t, familyHuman, a.Family, "an unmapped bot is treated as human")

	a = resolveAuthor(authorFacts{Login: "octocat", Messages: []string{
		"fix\n\nCo-authored-by: Claude <noreply@anthropic.com>\nco-authored-by:   Codex   <codex@openai.com>",
		"more\n\nCo-Authored-By: Claude <noreply@anthropic.com>\nCo-authored-by: Grace Hopper <grace@example.com>",
	}}, authors, coauthors)
	assert.Equal(t, familyHuman, a.Family)
	assert.Equal(t, []string{"anthropic", "openai"}, a.CoauthorFamilies)
	assert.Equal(t, []string{"human", "anthropic", "openai"}, a.Families())

	a = resolveAuthor(authorFacts{Name: "Ada", Email: "ada@example.com"}, authors, nil)
	assert.Equal(t, "google", a.Family, "locally the commit author's email is looked up")
	assert.Equal(t, "git:ada@example.com", a.ContextID)
}
