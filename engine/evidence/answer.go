package evidence

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Prober runs an allowed request: Git on a local checkout, or a repository read through
// GitHub's API (the App's, in package bot).
type Prober interface {
	Probe(ctx context.Context, r Request) (out string, truncated bool, err error)
}

// Result is one request and what came of it: an output, a refusal, or a failure.
type Result struct {
	// ID numbers the request in its session ("E1").
	ID string `json:"id"`
	// By is the anonymous label of the seat that asked; Phase is where it asked.
	By    string `json:"by"`
	Phase string `json:"phase"`
	// Asked is the request as the seat wrote it.
	Asked     string `json:"asked"`
	Op        string `json:"op,omitempty"`
	Output    string `json:"output,omitempty"`
	Truncated bool   `json:"truncated,omitempty"`
	// Refused says why the request was not run (not on the allowlist, outside the
	// repository, nothing of that name); Failed why a run gave no answer (a timeout).
	Refused string `json:"refused,omitempty"`
	Failed  string `json:"failed,omitempty"`
}

// Answer parses asked and, when it is on the allowlist, runs it.
func Answer(ctx context.Context, p Prober, asked string) Result {
	res := Result{Asked: strings.TrimSpace(asked)}
	req, err := Parse(asked)
	if err == nil {
		res.Op = req.Op
		res.Output, res.Truncated, err = p.Probe(ctx, req)
	}
	var ref *Refusal
	switch {
	case errors.As(err, &ref):
		res.Refused = ref.Reason
	case err != nil:
		res.Failed = err.Error()
	}
	return res
}

// Text renders a result as the members (and the record) read it.
func (r Result) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Evidence %s, asked by %s during %s: %s\n", r.ID, r.By, r.Phase, r.Asked)
	switch {
	case r.Refused != "":
		fmt.Fprintf(&b, "Refused: %s\n", r.Refused)
	case r.Failed != "":
		fmt.Fprintf(&b, "No answer: %s\n", r.Failed)
	default:
		b.WriteString(strings.TrimRight(r.Output, "\n") + "\n")
		if r.Truncated {
			b.WriteString("[output cut here: a probe returns at most a few kilobytes]\n")
		}
	}
	return b.String()
}
