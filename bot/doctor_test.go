package bot

import (
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDoctorRepliesWithTheTable: /war-room doctor on an issue probes the repository's
// profiles and replies with the table the CLI prints, reacting with a rocket when every
// profile can serve.
func TestDoctorRepliesWithTheTable(t *testing.T) {
	w := newAppWorld(t)
	if err := os.WriteFile(filepath.Join(w.dir, "script.yaml"), []byte("default: {text: ready}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	w.start(nil)
	n := w.f.AddIssue(testRepo, 0, "Setup", "Does our setup work?", "alice")
	if got := w.deliver("issue_comment", "d-doctor", w.comment(n, "/war-room doctor"), vectorSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d, want 202", got)
	}
	w.settle()
	replies := appComments(w.f, n)
	if len(replies) != 1 {
		t.Fatalf("replies by the App: %+v", replies)
	}
	body := replies[0].Body
	for _, want := range []string{"### war-room doctor", "| profile | model | family | answer | effort | thinking | cache | context |",
		"| alpha | script | anthropic | ✓ | ✓ max |", "Every profile can serve."} {
		if !strings.Contains(body, want) {
			t.Errorf("reply lacks %q:\n%s", want, body)
		}
	}
	if got := reactionContents(w.f, n, "alice"); !slices.Contains(got, "rocket by "+appBot) {
		t.Errorf("reactions on the command: %v", got)
	}
}
