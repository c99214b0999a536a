package bot

import (
	"encoding/json"
	"fmt"
)

// The payload types decode only what the handlers use, leniently: GitHub's examples drift
// from its schemas, and new fields keep appearing.

type eventUser struct {
	Login string `json:"login"`
	Type  string `json:"type"`
}

func (u eventUser) actor() actor { return actor(u) }

type eventRepo struct {
	Name          string    `json:"name"`
	FullName      string    `json:"full_name"`
	Owner         eventUser `json:"owner"`
	DefaultBranch string    `json:"default_branch"`
	HTMLURL       string    `json:"html_url"`
	Private       bool      `json:"private"`
}

func (r eventRepo) repo() Repo { return Repo{Owner: r.Owner.Login, Name: r.Name, Private: r.Private} }

func (r eventRepo) defaultBranch() string {
	if r.DefaultBranch == "" {
		return "main"
	}
	return r.DefaultBranch
}

type issueCommentEvent struct {
	Action string `json:"action"`
	Issue  struct {
		Number      int             `json:"number"`
		Title       string          `json:"title"`
		Body        string          `json:"body"`
		PullRequest json.RawMessage `json:"pull_request"`
	} `json:"issue"`
	Comment struct {
		ID      int64     `json:"id"`
		Body    string    `json:"body"`
		User    eventUser `json:"user"`
		HTMLURL string    `json:"html_url"`
	} `json:"comment"`
	Repository eventRepo `json:"repository"`
	Sender     eventUser `json:"sender"`
}

// discussionCommentEvent is a comment on a discussion: on a decision's, /war-room outcome.
type discussionCommentEvent struct {
	Action     string `json:"action"`
	Discussion struct {
		Number int    `json:"number"`
		NodeID string `json:"node_id"`
	} `json:"discussion"`
	Comment struct {
		ID       int64     `json:"id"`
		NodeID   string    `json:"node_id"`
		Body     string    `json:"body"`
		User     eventUser `json:"user"`
		HTMLURL  string    `json:"html_url"`
		ParentID *int64    `json:"parent_id"`
	} `json:"comment"`
	Repository eventRepo `json:"repository"`
}

type workflowDispatchEvent struct {
	Inputs     map[string]any `json:"inputs"`
	Ref        string         `json:"ref"`
	Repository eventRepo      `json:"repository"`
	Sender     eventUser      `json:"sender"`
}

// decode reads a payload, naming the event on failure.
func decode(eventType string, payload []byte, v any) error {
	if err := json.Unmarshal(payload, v); err != nil {
		return fmt.Errorf("decode %s payload: %w", eventType, err)
	}
	return nil
}
