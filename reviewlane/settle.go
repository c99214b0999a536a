package reviewlane

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/engine/verify"
)

// transcript is the record of the lane's one exchange. The diff and contract are named by
// digest rather than copied: they sit beside it, bound by the request.
type transcript struct {
	Lane         string            `json:"lane"`
	Nonce        string            `json:"nonce"`
	System       string            `json:"system"`
	Inputs       []transcriptInput `json:"inputs"`
	Task         string            `json:"task"`
	Answer       string            `json:"answer,omitempty"`
	Error        string            `json:"error,omitempty"`
	FenceToken   string            `json:"fence_token"`
	SessionID    string            `json:"session_id"`
	ProviderCall int               `json:"provider_calls"`
}

type transcriptInput struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
	Bytes  int    `json:"bytes"`
}

// settle validates the answer, writes the evidence and fills the result.
func (l *lane) settle(spec engine.CallSpec, answer string) error {
	if err := l.writeTranscript(spec, answer, ""); err != nil {
		l.transport(classMissingEvidence, err.Error())
		return nil
	}
	artifact := filepath.Join(l.dir, artifactName)
	if err := l.ev.write(artifactName, []byte(answer)); err != nil {
		l.transport(classMissingEvidence, err.Error())
		return nil
	}
	l.res.Evidence = &evidence{Dir: l.req.EvidenceDir, Transcript: filepath.Join(l.dir, transcriptName), Artifact: artifact}
	files := map[string]bool{}
	for _, f := range l.diff.coverage.Reviewed {
		files[f.Path] = true
	}
	v := judge(answer, l.req.Nonce, files)
	if v.class != "" {
		l.transport(v.class, v.detail)
		return nil
	}
	l.res.Status, l.res.Disposition, l.res.NonceEchoed, l.res.Findings = StatusJudged, v.disposition, v.echoed, v.findings
	if l.res.Findings == nil {
		l.res.Findings = []Finding{}
	}
	head := indexHead(l.diff.text)
	for i := range l.res.Findings {
		head.place(&l.res.Findings[i])
	}
	l.res.Summary = judgedSummary(l.res)
	return nil
}

func judgedSummary(r *Result) string {
	s := fmt.Sprintf("%s by %s (%s family) with %d finding(s).", r.Disposition, r.Reviewer.Profile, r.Reviewer.Family, len(r.Findings))
	if r.Coverage != nil && !r.Coverage.Complete {
		s += " The reviewer did not see the whole diff: " + r.Coverage.Line()
	}
	return s
}

// writeTranscript records the exchange beneath the lane directory.
func (l *lane) writeTranscript(spec engine.CallSpec, answer, callErr string) error {
	t := transcript{Lane: l.req.Lane, Nonce: l.req.Nonce, System: spec.System, Task: spec.Task,
		Answer: answer, Error: callErr, FenceToken: l.session.FenceToken(),
		SessionID: l.session.Session().ID, ProviderCall: l.res.Calls}
	for _, in := range spec.Inputs {
		t.Inputs = append(t.Inputs, transcriptInput{Name: in.Name, SHA256: record.SHA256Hex([]byte(in.Text)), Bytes: len(in.Text)})
	}
	b, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return fmt.Errorf("lane %s: encode transcript: %w", l.req.Lane, err)
	}
	return l.ev.write(transcriptName, append(b, '\n'))
}

// finish seals the result with the request in the session's record, writes it beside the
// request, then closes the session.
func (l *lane) finish(ctx context.Context, runErr error) (*Result, error) {
	l.res.FinishedAt = l.now()
	if runErr != nil {
		return nil, l.session.Finish(ctx, runErr)
	}
	b, err := l.res.Marshal()
	if err != nil {
		return nil, l.session.Finish(ctx, err)
	}
	if _, err := l.session.SealResult(ctx, b, engine.Artifact{Name: requestName, Body: l.reqRaw}); err != nil {
		return nil, l.session.Finish(ctx, err)
	}
	if l.res.record, err = verify.Export(ctx, l.d.Run.Store, l.res.SessionID); err != nil {
		return nil, l.session.Finish(ctx, err)
	}
	// A lane that stopped before its checks found its directory looks for it now; one whose
	// directory is no longer the one it found keeps its result in the session only.
	if l.ev == nil {
		l.ev, _ = openLaneDirectory(l.req.EvidenceDir, l.dir)
	}
	if l.ev.intact() {
		if err := l.ev.write(resultName, b); err != nil {
			return nil, l.session.Finish(ctx, fmt.Errorf("lane %s: %w", l.req.Lane, err))
		}
	}
	return l.res, l.session.Finish(ctx, nil)
}
