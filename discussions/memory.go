package discussions

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/shurcooL/githubv4"

	"github.com/war-room/war-room/internal/memory"
	"github.com/war-room/war-room/internal/safetext"
)

// MemoryTitle is the title of the discussion a repository's member memory lives in.
const MemoryTitle = "war-room memory"

const partMemory = "memory"

// MemoryBoard is a repository's member memory on GitHub: one discussion in the decisions
// category, written only by war-room's own account, whose body is a table every maintainer
// can read (what is remembered, for whom, from which source, written by whom, and whether a
// person approved it) and, on a hidden line, the items themselves for war-room to read back.
// Only a discussion by our own login is read, so a forged one is ignored. GitHub's API cannot
// pin a discussion; a maintainer may pin it by hand.
type MemoryBoard struct {
	P    *Publisher
	Repo Repo
}

var _ memory.Board = MemoryBoard{}

// memoryState is the hidden second line of the memory discussion's body: the items, gzipped
// JSON in base64, so that no text in them can end the HTML comment or forge a line.
var memoryState = regexp.MustCompile(`^<!-- war-room:memory ([A-Za-z0-9_-]*) -->$`)

// maxMemoryState bounds a decompressed state, so that a body cannot expand without limit.
const maxMemoryState = 1 << 20

// Items reads the board; a repository with no memory discussion yet holds nothing.
func (b MemoryBoard) Items(ctx context.Context) ([]memory.Item, error) {
	defer b.P.begin()()
	var items []memory.Item
	err := b.P.retry(ctx, "read the memory", func(ctx context.Context) error {
		d, _, ok, err := b.find(ctx)
		if err != nil || !ok {
			return err
		}
		items, err = parseMemory(d.Body)
		return err
	})
	return items, err
}

// Save rewrites the board with items, creating the discussion the first time.
func (b MemoryBoard) Save(ctx context.Context, items []memory.Item) error {
	body, err := renderMemory(items)
	if err != nil {
		return err
	}
	defer b.P.begin()()
	return b.P.retry(ctx, "write the memory", func(ctx context.Context) error {
		d, info, ok, err := b.find(ctx)
		switch {
		case err != nil:
			return err
		case !ok:
			_, err := b.P.createDiscussion(ctx, info, MemoryTitle, body)
			return err
		case d.Body == body:
			return nil
		}
		var m updateDiscussionMutation
		text := githubv4.String(body)
		return b.P.c.mutate(ctx, "updateDiscussion", &m, githubv4.UpdateDiscussionInput{DiscussionID: d.ID, Body: &text}, nil)
	})
}

// find returns our memory discussion, if there is one.
func (b MemoryBoard) find(ctx context.Context) (listed, *repoInfo, bool, error) {
	info, err := b.P.lookup(ctx, b.Repo)
	if err != nil {
		return listed{}, nil, false, err
	}
	if reason := unavailable(info, b.P.Category, b.Repo); reason != "" {
		return listed{}, nil, false, errors.New(reason)
	}
	l, err := b.P.listCategory(ctx, b.Repo, info)
	if err != nil {
		return listed{}, nil, false, err
	}
	d, ok := l.ours[Marker{Part: partMemory}]
	return d, info, ok, nil
}

func parseMemory(body string) ([]memory.Item, error) {
	lines := strings.SplitN(body, "\n", 3)
	if len(lines) < 2 {
		return nil, errors.New("the memory discussion has no state line")
	}
	m := memoryState.FindStringSubmatch(strings.TrimRight(lines[1], "\r"))
	if m == nil {
		return nil, errors.New("the memory discussion's state line is missing or damaged")
	}
	raw, err := base64.RawURLEncoding.DecodeString(m[1])
	if err != nil {
		return nil, fmt.Errorf("the memory discussion's state: %w", err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("the memory discussion's state: %w", err)
	}
	plain, err := io.ReadAll(io.LimitReader(zr, maxMemoryState+1))
	if err != nil || len(plain) > maxMemoryState {
		return nil, errors.New("the memory discussion's state is damaged or too large")
	}
	var items []memory.Item
	if err := json.Unmarshal(plain, &items); err != nil {
		return nil, fmt.Errorf("the memory discussion's state: %w", err)
	}
	return items, nil
}

// renderMemory is the memory discussion's body: the marker, the state line, and the table.
func renderMemory(items []memory.Item) (string, error) {
	var raw bytes.Buffer
	zw := gzip.NewWriter(&raw)
	if err := json.NewEncoder(zw).Encode(items); err != nil {
		return "", fmt.Errorf("encode the memory: %w", err)
	}
	zw.Close()
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n<!-- war-room:memory %s -->\n", Marker{Part: partMemory}, base64.RawURLEncoding.EncodeToString(raw.Bytes()))
	b.WriteString("What the standing team remembers in this repository. war-room writes this discussion; a seat " +
		"reads an item only once a maintainer approved it, with its source and who wrote it. Review with " +
		"`/war-room memory review`, then `/war-room memory approve ID` or `/war-room memory reject ID` on any issue; " +
		"record what happened after a decision with `/war-room outcome held|reversed|partly <text>` on its discussion.\n\n")
	b.WriteString("| ID | Status | For | Written by | Source | Item |\n|---|---|---|---|---|---|\n")
	for _, it := range items {
		who := it.Member
		if who == "" {
			who = "the team"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s |\n", it.ID, it.Status, safetext.Inline(who), safetext.Inline(it.Provider), safetext.Inline(it.Source.String()), safetext.Inline(it.Text))
	}
	if n := utf8.RuneCountInString(b.String()); n > maxBodyChars {
		return "", fmt.Errorf("the memory would be %d characters, more than a discussion holds (%d): reject items that are no longer needed", n, maxBodyChars)
	}
	return b.String(), nil
}

// Superseded lists the numbers of our decisions that a later decision superseded: memory
// sourced to one of them is no longer admitted.
func (p *Publisher) Superseded(ctx context.Context, repo Repo) (map[int]bool, error) {
	rows, err := p.Decisions(ctx, repo)
	if err != nil {
		return nil, err
	}
	out := map[int]bool{}
	for _, r := range rows {
		if strings.HasPrefix(r.Status, "superseded") {
			out[r.Number] = true
		}
	}
	return out, nil
}
