package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// envelope is what the intake reads of a payload: who it is for, and just enough to drop
// deliveries the handler would ignore anyway, before they take a row in the queue.
type envelope struct {
	Action       string `json:"action"`
	Installation *struct {
		ID int64 `json:"id"`
	} `json:"installation"`
	Repository struct {
		FullName string `json:"full_name"`
	} `json:"repository"`
	Comment struct {
		Body string `json:"body"`
	} `json:"comment"`
	// Number is a pull request event's; Issue.Number an issue comment's (on an issue or a
	// pull request).
	Number int `json:"number"`
	Issue  struct {
		Number int `json:"number"`
	} `json:"issue"`
}

// thread names the issue or pull request a delivery is about ("owner/name#12"), or "" when it
// is about none: the attribute that ties a job's log lines to its thread.
func (e *envelope) thread() string {
	n := e.Issue.Number
	if n == 0 {
		n = e.Number
	}
	if n == 0 || e.Repository.FullName == "" {
		return ""
	}
	return fmt.Sprintf("%s#%d", e.Repository.FullName, n)
}

// parseEnvelope decodes a queued event's payload. A delivery with no installation cannot be
// acted on: it came from a repository or organization webhook, not from the App.
func parseEnvelope(payload []byte) (*envelope, error) {
	var env envelope
	if err := json.Unmarshal(payload, &env); err != nil {
		return nil, fmt.Errorf("payload is not JSON: %w", err)
	}
	if env.Installation == nil || env.Installation.ID <= 0 {
		return nil, errors.New("payload has no installation id: war-room serve takes GitHub App deliveries only")
	}
	return &env, nil
}

// unwanted says why a handler would do nothing with this delivery, or "". It repeats the
// handlers' first, payload-only checks; the handlers still make them.
func (e *envelope) unwanted(event string) string {
	switch event {
	case "issue_comment":
		if e.Action != "created" {
			return "only new comments are commands"
		}
		if _, _, ok := commandLine(e.Comment.Body); !ok {
			return "the comment is not a command"
		}
	case "pull_request":
		if !slices.Contains(reviewActions, e.Action) {
			return "not a review activity"
		}
	}
	return ""
}
