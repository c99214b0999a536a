package webhook

import (
	"cmp"
	"errors"
	"fmt"
	"strconv"

	"github.com/tidwall/gjson"
)

// Envelope is what the intake reads of a payload: who it is for, and just enough to drop
// deliveries the handler would ignore anyway, before they take a row in the queue.
type Envelope struct {
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
	// pull request); Discussion.Number a discussion comment's.
	Number int `json:"number"`
	Issue  struct {
		Number int `json:"number"`
	} `json:"issue"`
	Discussion struct {
		Number int `json:"number"`
	} `json:"discussion"`
}

// thread names the issue, pull request or discussion a delivery is about ("owner/name#12"), or "" when it
// is about none: the attribute that ties a job's log lines to its thread.
func (e *Envelope) Thread() string {
	n := cmp.Or(e.Issue.Number, e.Number, e.Discussion.Number)
	if n == 0 || e.Repository.FullName == "" {
		return ""
	}
	return fmt.Sprintf("%s#%d", e.Repository.FullName, n)
}

// ParseEnvelope reads a queued event's payload. A delivery with no installation cannot be
// acted on: it came from a repository or organization webhook, not from the App.
//
// It is on every delivery's path, and a payload is mostly what the Envelope does not need
// (an issue_comment is some 15 KB): it checks the payload is JSON, then walks its top-level
// keys once, looking only into the objects it reads from, instead of decoding it all
// (which was the intake's largest cost after the queue's writer). A key given twice counts
// the last time, and a value of the wrong type is refused, as decoding would.
func ParseEnvelope(payload []byte) (*Envelope, error) {
	if !gjson.ValidBytes(payload) {
		return nil, errors.New("payload is not JSON")
	}
	root := gjson.ParseBytes(payload)
	if !root.IsObject() {
		return nil, errors.New("payload is not a JSON object")
	}
	var env Envelope
	var err error
	root.ForEach(func(k, v gjson.Result) bool {
		switch k.String() {
		case "action":
			err = envString(&env.Action, k.String(), v)
		case "number":
			err = envInt(&env.Number, k.String(), v)
		case "installation":
			env.Installation = nil
			if v.Type != gjson.Null {
				var id int
				if err = envObject(k.String(), v); err == nil {
					err = envInt(&id, "installation.id", v.Get("id"))
				}
				env.Installation = &struct {
					ID int64 `json:"id"`
				}{ID: int64(id)}
			}
		case "repository":
			if err = envObject(k.String(), v); err == nil {
				err = envString(&env.Repository.FullName, "repository.full_name", v.Get("full_name"))
			}
		case "comment":
			if err = envObject(k.String(), v); err == nil {
				err = envString(&env.Comment.Body, "comment.body", v.Get("body"))
			}
		case "issue":
			if err = envObject(k.String(), v); err == nil {
				err = envInt(&env.Issue.Number, "issue.number", v.Get("number"))
			}
		case "discussion":
			if err = envObject(k.String(), v); err == nil {
				err = envInt(&env.Discussion.Number, "discussion.number", v.Get("number"))
			}
		}
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	if env.Installation == nil || env.Installation.ID <= 0 {
		return nil, errors.New("payload has no installation id: war-room serve takes GitHub App deliveries only")
	}
	return &env, nil
}

// envString sets *to from a JSON string (null or absent: unchanged).
func envString(to *string, name string, v gjson.Result) error {
	switch v.Type {
	case gjson.String:
		*to = v.String()
	case gjson.Null:
	default:
		return fmt.Errorf("payload field %s is not a string", name)
	}
	return nil
}

// envInt sets *to from a JSON integer (null or absent: unchanged).
func envInt(to *int, name string, v gjson.Result) error {
	switch v.Type {
	case gjson.Number:
		n, err := strconv.ParseInt(v.Raw, 10, strconv.IntSize)
		if err != nil {
			return fmt.Errorf("payload field %s is not an integer", name)
		}
		*to = int(n)
	case gjson.Null:
	default:
		return fmt.Errorf("payload field %s is not a number", name)
	}
	return nil
}

// envObject refuses a value that is neither an object nor null.
func envObject(name string, v gjson.Result) error {
	if v.Type != gjson.Null && !v.IsObject() {
		return fmt.Errorf("payload field %s is not an object", name)
	}
	return nil
}
