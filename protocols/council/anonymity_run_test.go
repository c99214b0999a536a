package council

import (
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/internal/provider/script"
)

// In a real run in which every seat names its own role and model in everything it writes,
// no request any model receives — the arbiter's included — carries a role, profile, model or
// family name.
func TestNoRequestCarriesAnIdentity(t *testing.T) {
	leak := "As the {{.Role}} running {{.Model}} (made by Google, OpenAI, Anthropic, Qwen or Zhipu): "
	sc := team(map[string]int{economist: 2},
		script.Response{Match: `Blind round`, Text: "## Position\n" + leak + "queue.\n## Grounds\n- " + leak + "load\n## Risks\n- none known"},
		script.Response{Match: `Cross-examination, round`, Text: "## Challenges\n- " + firstOther + ": " + leak + "guess.\n## Concessions\n- none"},
	)
	opts := options()
	opts.Team = []string{architect, skeptic, economist, userAdvocate}
	for seed := range int64(20) {
		_, p, err := convene(t, openStore(t, ""), sc, opts, seed)
		require.NoError(t, err)
		var idents []string
		for _, v := range vendors {
			idents = append(idents, v[0], v[0]+"-model", v[1])
		}
		for _, r := range registry() {
			idents = append(idents, r.Key, r.Title, strings.ReplaceAll(r.Key, "-", " "))
		}
		for _, req := range p.Requests() {
			text := strings.ToLower(req.System + "\n" + req.User)
			for _, id := range idents {
				if wholeWord(text, strings.ToLower(id)) {
					t.Fatalf("seed %d: %q reaches the %s request:\n%s", seed, id, req.Role, req.User)
				}
			}
		}
	}
}

func wholeWord(text, w string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], w)
		if j < 0 {
			return false
		}
		s, e := i+j, i+j+len(w)
		before := s == 0 || !isWord(rune(text[s-1]))
		after := e == len(text) || !isWord(rune(text[e]))
		if before && after {
			return true
		}
		i = s + 1
	}
}

func isWord(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
