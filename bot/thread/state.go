package thread

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/google/go-github/v62/github"
	"github.com/war-room/war-room/engine"
	wr "github.com/war-room/war-room/internal/github"
)

// Status is where a session on a thread stands, as its progress comment records it.
type Status string

// Statuses in the state marker.
const (
	StatusRunning   Status = "running"
	StatusAwaiting  Status = "awaiting"
	StatusCompleted Status = "completed"
	StatusFailed    Status = "failed"
	StatusCancelled Status = "cancelled"
)

// State is everything a later one-shot run needs to continue a session: the runner's store
// is gone by then, so the session is re-created from this with the same id and seed, and
// the answers recorded so far are handed to its gates.
type State struct {
	Session  string `json:"session"`
	Protocol string `json:"protocol"`
	Question string `json:"question"`
	// Context are further inputs (the command's other lines, the issue), kept verbatim.
	Context    []Input           `json:"context,omitempty"`
	Flags      map[string]string `json:"flags,omitempty"`
	Seed       int64             `json:"seed"`
	SeedSource string            `json:"seed_source"`
	// Answers are the gate answers given so far, by gate key.
	Answers map[string]string `json:"answers,omitempty"`
	// Gate is the open gate while Status is awaiting.
	Gate   *Gate  `json:"gate,omitempty"`
	Status Status `json:"status"`
	// Supersede is the decision a reopened question supersedes (0: none asked).
	Supersede int `json:"supersede,omitempty"`
	// Requester is who started the session; CommentID is the command comment.
	Requester string `json:"requester,omitempty"`
	CommentID int64  `json:"comment_id,omitempty"`
	// Discussion is the published decision's URL once there is one.
	Discussion string `json:"discussion,omitempty"`
	// Carried is what the session had stored when it paused or failed, where the store does
	// not outlive the job (bot.Deps.CarryState, the Action); the next job starts from it.
	Carried *engine.Carried `json:"carried,omitempty"`
}

// Input is one context input: its name and verbatim text.
type Input struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Gate is the question a session waits on.
type Gate struct {
	Key string `json:"key"`
	// Ask is the gate's question, war-room's own text, and Excerpt the untrusted text it
	// refers to (engine.GateRecord's Question and Excerpt).
	Ask     string `json:"ask,omitempty"`
	Excerpt string `json:"excerpt,omitempty"`
	// Question is what a state written before Ask holds: war-room's text and model text in
	// one, so it is shown quoted whole.
	Question string   `json:"question,omitempty"`
	Choices  []string `json:"choices,omitempty"`
}

// stateVersion is the marker format; a marker of another version is not ours to read.
const stateVersion = "v1"

// maxStateBytes bounds a decompressed state, so that a marker cannot expand without limit.
const maxStateBytes = 1 << 20

// The marker is the progress comment's first line: gzip-compressed JSON in base64, so that no
// text inside it (a question holding "-->") can end the HTML comment early or smuggle a second
// marker, and so that a long question still fits in one comment.
var stateRE = regexp.MustCompile(`^<!-- war-room:state ` + stateVersion + ` ([A-Za-z0-9_-]+) -->$`)

// Marker renders s as the hidden first line of a progress comment.
func (s State) Marker() string {
	var raw bytes.Buffer
	zw := gzip.NewWriter(&raw)
	enc := json.NewEncoder(zw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(fmt.Sprintf("bot: encode state: %v", err)) // plain data into memory: cannot fail
	}
	zw.Close()
	return wr.MarkerLine("state " + stateVersion + " " + base64.RawURLEncoding.EncodeToString(raw.Bytes()))
}

// ParseState reads the marker on the first line of body. Text further down is never read,
// so a quoted marker inside the comment cannot stand in for the real one.
func ParseState(body string) (State, bool) {
	first, _, _ := strings.Cut(body, "\n")
	m := stateRE.FindStringSubmatch(strings.TrimRight(first, "\r"))
	if m == nil {
		return State{}, false
	}
	raw, err := base64.RawURLEncoding.DecodeString(m[1])
	if err != nil {
		return State{}, false
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return State{}, false
	}
	plain, err := io.ReadAll(io.LimitReader(zr, maxStateBytes+1))
	if err != nil || len(plain) > maxStateBytes {
		return State{}, false
	}
	var s State
	if err := json.Unmarshal(plain, &s); err != nil || s.Session == "" {
		return State{}, false
	}
	return s, true
}

// Tracked is a session found on a thread: its state and the progress comment holding it.
type Tracked struct {
	State     State
	CommentID int64
}

// Latest finds the newest session state among comments, trusting only comments written
// by ourLogin: anyone can paste a marker into a comment of their own.
func Latest(comments []*github.IssueComment, ourLogin string) (Tracked, bool) {
	for i := len(comments) - 1; i >= 0; i-- {
		c := comments[i]
		if !byLogin(c, ourLogin) {
			continue
		}
		if s, ok := ParseState(c.GetBody()); ok {
			return Tracked{State: s, CommentID: c.GetID()}, true
		}
	}
	return Tracked{}, false
}

// ForCommand finds the session a command comment already started (its progress comment,
// by ourLogin), so that a redelivered or retried job continues it rather than starting a
// second, paid one.
func ForCommand(comments []*github.IssueComment, ourLogin string, commandID int64) (Tracked, bool) {
	for _, c := range comments {
		if !byLogin(c, ourLogin) {
			continue
		}
		if s, ok := ParseState(c.GetBody()); ok && s.CommentID == commandID {
			return Tracked{State: s, CommentID: c.GetID()}, true
		}
	}
	return Tracked{}, false
}

// byLogin says whether c was written by the account login names.
func byLogin(c *github.IssueComment, login string) bool {
	return wr.UserAuthor(c.GetUser()).Is(login)
}
