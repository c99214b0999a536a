package bot

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/war-room/war-room/bot/thread"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/engine/verify"
	"github.com/war-room/war-room/internal/safetext"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/protocols"
)

// WorkflowDispatch handles workflow_dispatch: a deliberation on the question input, with no
// issue. Only people with write access can dispatch a workflow, so GitHub has already
// authorised the caller. Nobody can answer a gate here: the prior-decision check only
// informs, and a session that still stops at a gate says so in the summary and a warning.
type WorkflowDispatch struct{ Deps *Deps }

// Handles names the events this handler takes.
func (h *WorkflowDispatch) Handles() []string { return []string{"workflow_dispatch"} }

// errNoQuestion is a dispatch without a question.
var errNoQuestion = errors.New("workflow_dispatch: the question input is empty; pass it as `question: ${{ inputs.question }}`")

// Handle runs one dispatched deliberation.
func (h *WorkflowDispatch) Handle(ctx context.Context, eventType, deliveryID string, payload []byte) error {
	var ev workflowDispatchEvent
	if err := decode(eventType, payload, &ev); err != nil {
		return err
	}
	d := h.Deps
	question := strings.TrimSpace(d.Settings.Question)
	if q, ok := ev.Inputs["question"].(string); ok && question == "" {
		question = strings.TrimSpace(q)
	}
	if question == "" {
		return &UsageError{Reason: errNoQuestion.Error()}
	}
	repo := ev.Repository.repo()
	cfg, err := d.loadConfig(ctx, repo, ev.Repository.defaultBranch())
	if err != nil {
		d.summary("## war-room could not start\n\n" + safetext.Code(err.Error()) + "\n")
		return err
	}
	protocol := d.grammar(cfg).Default
	if err := protocols.Available(protocol); err != nil {
		return &UsageError{Reason: err.Error()}
	}
	// A re-run of this workflow run (attempt 2, 3, …) is the same command: its session id and
	// seed follow from the run id, so it continues the session (and finds its discussion by
	// marker) instead of starting a second one.
	id, seed, source := dispatchSession(repo, d.Settings.RunID)
	st := thread.State{Session: id, Protocol: protocol, Question: question,
		Seed: seed, SeedSource: source, Status: thread.StatusRunning, Requester: ev.Sender.Login}
	d.log().Info("deliberation from workflow_dispatch", "delivery", deliveryID, "repo", repo.String(), "session", st.Session)
	if d.Settings.Publish {
		if done, err := d.republish(ctx, cfg, repo, id); err != nil {
			d.log().Warn("could not check for an earlier attempt's decision; deliberating", "err", err)
		} else if done {
			return nil
		}
	}
	out := d.runSession(ctx, cfg, repo, st, []events.Sink{logSink{d}}, false, "")
	d.report(out)
	switch out.State.Status {
	case thread.StatusFailed:
		return &sessionError{Session: st.Session, Class: out.Class, Err: out.Err}
	case thread.StatusAwaiting:
		d.warning(fmt.Sprintf("session %s stopped at a question nobody can answer from workflow_dispatch (%s); start it with a /war-room comment on an issue instead",
			st.Session, out.State.Gate.Key))
	}
	return nil
}

// republish ends a re-run whose work is done: when an earlier attempt of this run published
// the session's decision with its verifiable record, the decision is read back from GitHub,
// checked against its seal, and published again through the idempotent publisher, which adds
// only what the earlier attempt left unwritten. No model is called. done is false when there
// is nothing to continue from (no discussion, or a record that does not read or verify): then
// the session deliberates, and its publish finds the discussion by its marker.
func (d *Deps) republish(ctx context.Context, cfg *loadedConfig, repo Repo, session string) (bool, error) {
	store, err := d.OpenStore(ctx)
	if err != nil {
		return false, err
	}
	defer store.Close()
	pub := d.publisher(cfg.Config, store)
	drepo := discussions.Repo{Owner: repo.Owner, Name: repo.Name}
	number, ok, err := pub.PublishedSession(ctx, drepo, session)
	if err != nil || !ok {
		return false, err
	}
	rec, err := pub.ReadRecord(ctx, drepo, number)
	if err != nil {
		d.log().Info("an earlier attempt's decision has no readable record; deliberating", "discussion", number, "err", err)
		return false, nil
	}
	if rep := verify.Published(rec.PublishedRecord); !rep.OK() {
		d.log().Warn("an earlier attempt's record does not verify; deliberating", "discussion", number)
		return false, nil
	}
	var dec decision.Decision
	if err := json.Unmarshal(rec.Decision, &dec); err != nil {
		return false, nil
	}
	res, err := pub.Publish(ctx, discussions.Request{Repo: drepo, Decision: &dec, Record: rec.PublishedRecord,
		FullRecord: d.Settings.RunURL})
	if err != nil {
		return false, err
	}
	d.output(OutputSessionID, session)
	if res != nil && res.URL != "" {
		d.output(OutputDiscussionURL, res.URL)
	}
	d.summary(fmt.Sprintf("## war-room\n\nAn earlier attempt of this run published session `%s` as #%d; this attempt made no "+
		"model call and completed what was left to publish.\n", session, number))
	d.log().Info("re-run: decision already published; no model call", "session", session, "discussion", number)
	return true, nil
}

// logSink writes progress events to the log: a dispatched run has no progress comment.
type logSink struct{ d *Deps }

// Disclose logs who will receive the material: a dispatched run has no thread to post it in.
func (s logSink) Disclose(_ context.Context, d engine.Disclosure) error {
	s.d.log().Info("disclosure", "text", d.Text())
	return nil
}

func (s logSink) Emit(ev events.Event) {
	s.d.log().Info("progress", "session", ev.SessionID, "kind", string(ev.Kind), "phase", ev.Phase, "step", ev.Step,
		"role", ev.Role, "profile", ev.Profile, "outcome", ev.Outcome)
}

// dispatchSession is the session of a dispatched run: derived from the run id when there is
// one (every attempt of a run is one command), else fresh.
func dispatchSession(repo Repo, runID string) (id string, seed int64, source string) {
	if runID == "" {
		return engine.NewSessionID(), engine.NewSeed(), "crypto/rand"
	}
	sum := sha256.Sum256([]byte("workflow_dispatch\x00" + repo.String() + "\x00" + runID))
	return "wr-" + hex.EncodeToString(sum[:8]), int64(binary.BigEndian.Uint32(sum[8:12])), "run " + runID
}
