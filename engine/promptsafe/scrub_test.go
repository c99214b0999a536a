package promptsafe_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/war-room/war-room/engine/promptsafe"
)

func TestScrubberWithholdsWholeWordsOnly(t *testing.T) {
	s := promptsafe.NewScrubber([]string{"Scout", "gpt-x", "ab", "red team", "red-team"})
	got := s.Scrub("The SCOUT said (gpt-x) scouting is fine; ab stays; Scout/Scout; the Red Team-red-team agreed.")
	assert.Equal(t, "The [withheld] said ([withheld]) scouting is fine; ab stays; [withheld]/[withheld]; the [withheld]-[withheld] agreed.", got)
	assert.Equal(t, got, s.Scrub("The SCOUT said (gpt-x) scouting is fine; ab stays; Scout/Scout; the Red Team-red-team agreed."), "memoised result is the same")
}

func TestScrubberKeepsExemptWords(t *testing.T) {
	s := promptsafe.NewScrubber([]string{"Skeptic", "Google", "member"}, "google", "MEMBER")
	assert.Equal(t, "[withheld] says Google; Member B stays.", s.Scrub("Skeptic says Google; Member B stays."))
}

func TestHasWord(t *testing.T) {
	assert.True(t, promptsafe.HasWord("Should we move to Google Cloud?", "google"))
	assert.False(t, promptsafe.HasWord("googleable", "google"))
	assert.False(t, promptsafe.HasWord("anything", "  "))
}
