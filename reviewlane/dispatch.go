package reviewlane

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/war-room/war-room/engine"
)

// protocol is the Session.Protocol of a review lane's engine session.
const protocol = "review-lane"

// HeadSource re-reads the head of the change under review just before dispatch.
type HeadSource interface {
	// CurrentHead returns the head commit SHA as it is now. An error stops the lane before
	// any provider call.
	CurrentHead(ctx context.Context) (string, error)
}

// Dispatcher runs lanes. Each lane is its own engine session with exactly one reviewer call
// (the engine retries a failed attempt once), so the ledger records it like any other call.
type Dispatcher struct {
	Run   engine.RunConfig
	Heads HeadSource
	// Limits apply per profile; Default applies to profiles not listed.
	Limits  map[string]Limits
	Default Limits
	// NewSessionID names each lane's engine session, which is the reviewer's context id
	// (nil: the engine draws a random one).
	NewSessionID func() string
	// Account is the GitHub login war-room acts as ("name[bot]"), when known: a change that
	// account authored is in the reviewer's own context and is not reviewed.
	Account string

	// evidenceWritten, set by tests, runs between writing an evidence file and validating it.
	evidenceWritten func(path string)
}

func (d *Dispatcher) limits(profile string) Limits {
	if l, ok := d.Limits[profile]; ok {
		return l
	}
	return d.Default
}

// DispatchAll runs every lane concurrently and returns their results side by side, in the
// order given. Lanes never see each other's output, and no combined verdict is formed.
func (d *Dispatcher) DispatchAll(ctx context.Context, requests []string) ([]*Result, error) {
	results := make([]*Result, len(requests))
	errs := make([]error, len(requests))
	var wg sync.WaitGroup
	for i, path := range requests {
		wg.Go(func() { results[i], errs[i] = d.Dispatch(ctx, path) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return results, fmt.Errorf("lane %s: %w", requests[i], err)
		}
	}
	return results, nil
}

// Dispatch runs one lane from its request file. It returns a result for every outcome the
// lane itself can have (judged, transport, stale, blocked); an error means the lane could
// not be run or recorded at all (unreadable request, store failure, head lookup failure).
func (d *Dispatcher) Dispatch(ctx context.Context, requestPath string) (*Result, error) {
	req, raw, reqSHA, err := readRequest(requestPath)
	if err != nil {
		return nil, err
	}
	l := &lane{d: d, req: req, reqRaw: raw, dir: filepath.Dir(requestPath)}
	l.res = l.newResult(reqSHA)
	if err := l.start(ctx); err != nil {
		return nil, err
	}
	err = l.proceed(ctx)
	return l.finish(ctx, err)
}

// lane is one dispatch in progress.
type lane struct {
	d        *Dispatcher
	req      *request
	reqRaw   []byte // the request document as read: the record seals these bytes
	dir      string
	res      *Result
	session  *engine.Run
	contract []byte
	focus    []byte // the repository's focus file, when the lane has one
	diff     *scanned
	ev       *laneDirectory // found by checkLaneDir
}

func (l *lane) now() time.Time {
	if l.d.Run.Now != nil {
		return l.d.Run.Now().UTC()
	}
	return time.Now().UTC()
}

func (l *lane) newResult(reqSHA string) *Result {
	r := l.req
	focusFile := ""
	if r.FocusFile != nil {
		focusFile = r.FocusFile.Source
	}
	return &Result{Schema: resultSchema, Lane: r.Lane, Focus: r.Focus, FocusFile: focusFile, Subject: r.Subject, Repository: r.Repository,
		PRNumber: r.PRNumber, HeadSHA: r.HeadSHA, RequestSHA256: reqSHA,
		Reviewer:        reviewerRecord{Profile: r.Reviewer.Profile, Family: r.Reviewer.Family, Model: r.Reviewer.Model},
		AuthorContextID: r.Author.ContextID, ReadOnly: true, Findings: []Finding{}, StartedAt: l.now()}
}

// start opens the lane's engine session; its id is the reviewer's fresh context.
func (l *lane) start(ctx context.Context) error {
	reqJSON, err := l.req.Marshal()
	if err != nil {
		return err
	}
	s := &engine.Session{Protocol: protocol, Title: fmt.Sprintf("review %s lane %s", l.req.Subject, l.req.Lane),
		Inputs: []engine.Input{engine.NewInput("REVIEW_REQUEST", string(reqJSON))},
		Seed:   engine.NewSeed(), SeedSource: "crypto/rand"}
	if l.d.NewSessionID != nil {
		s.ID = l.d.NewSessionID()
	}
	if l.session, err = engine.Start(ctx, l.d.Run, s); err != nil {
		return fmt.Errorf("start lane %s: %w", l.req.Lane, err)
	}
	l.res.SessionID = s.ID
	l.res.Reviewer.ContextID = contextWarRoom + s.ID
	return nil
}

// proceed takes the lane through its checks and, if they all pass, its one call.
func (l *lane) proceed(ctx context.Context) error {
	for _, check := range []func(context.Context) (bool, error){l.checkDigests, l.checkDiversity, l.checkEffort, l.checkPreflight, l.checkHead, l.checkLaneDir} {
		if stop, err := check(ctx); stop || err != nil {
			return err
		}
	}
	return l.review(ctx)
}
