package reason

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
)

// Result writes a completed chain for a person: the synthesis verbatim, then the plan that
// actually ran, as the session stored it.
func Result(ctx context.Context, st engine.Store, id string, d *decision.Decision, w io.Writer) error {
	syn, err := st.GetArtifact(ctx, id, "SYNTHESIS.md")
	if err != nil {
		return fmt.Errorf("read synthesis: %w", err)
	}
	plan, err := storedPlan(ctx, st, id)
	if err != nil {
		return err
	}
	s, err := st.GetSession(ctx, id)
	if err != nil {
		return fmt.Errorf("read session: %w", err)
	}
	return writeResult(w, string(syn), d, plan, s.SeedSource)
}

// KeptRun is the id of the run whose manifest dir holds, or "" when it holds none.
func KeptRun(dir string) string {
	b, err := os.ReadFile(filepath.Join(dir, manifestArtifact))
	if err != nil {
		return ""
	}
	var m Manifest
	if json.Unmarshal(b, &m) != nil {
		return ""
	}
	return m.RunID
}

// Paused explains the premise gate: the premise check's report, to show as it is, and the
// three ways on in words, resume being the command that answers the session. Any other gate
// (the reduced-independence one every protocol has) is left to the generic words.
func Paused(ctx context.Context, st engine.Store, id string, g engine.GateRecord, resume string) (show []byte, msg string, ok bool) {
	if g.Key != GatePremise {
		return nil, "", false
	}
	show, _ = st.GetArtifact(ctx, id, "PREMISE.md")
	return show, fmt.Sprintf("the premise check judged the question %s; the chain stopped "+
		"after one call (session %[2]s). Your choices:\n  proceed: %[6]s --answer %[3]s=%[4]s, "+
		"or run it again with --force-premise (the synthesis will carry the suspect verdict)\n  restart: run "+
		"it again with a question you reword yourself (a new run with a new seed; the rewording above is "+
		"only a proposal)\n  drop: %[6]s --answer %[3]s=%[5]s, or do nothing",
		verdictSuspect, id, GatePremise, AnswerProceed, AnswerDrop, resume), true
}

// Declined says how a chain a person stopped ended: at the premise check, before any further
// call. A stop at the reduced-independence gate is left to the generic words.
func Declined(gate string) (string, bool) {
	if gate == engine.GateReducedIndependence {
		return "", false
	}
	return "dropped at the premise check: no further call was made", true
}
