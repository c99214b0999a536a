package openai

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/openai/openai-go/v3/packages/ssestream"
)

// chatChunk is the part of a streamed chat completion chunk war-room reads.
type chatChunk struct {
	Model   string `json:"model"`
	Choices []struct {
		Index int `json:"index"`
		Delta struct {
			Content string `json:"content"`
			Refusal string `json:"refusal"`
		} `json:"delta"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage *chatUsage `json:"usage"`
}

// streamed reads a chat completion sent as chunks, through the SDK's event decoder (which
// ends at [DONE] and turns an error chunk into an error), into the answer a whole response
// would have been: the first choice's content and refusal joined, its finish reason, and the
// usage of the last chunk that reported one. Servers differ on whether a usage chunk repeats
// earlier counts, so the last one is taken, never a sum. A stream that ends with no finish
// reason was cut: that is a failed request, never a short answer. The answer's text goes to
// delta (when set) as it is read, less a leading thinking block (answerStream).
func streamed(res *http.Response, began func(), delta func(string)) (chatCompletion, error) {
	stream := ssestream.NewStream[chatChunk](ssestream.NewDecoder(res), nil)
	var cc chatCompletion
	var choice chatChoice
	answer := answerStream{delta: delta}
	for stream.Next() {
		if began != nil {
			began()
			began = nil
		}
		ch := stream.Current()
		if ch.Model != "" {
			cc.Model = ch.Model
		}
		if ch.Usage != nil {
			cc.Usage = *ch.Usage
		}
		for _, c := range ch.Choices {
			if c.Index != 0 {
				continue
			}
			choice.Message.Content += c.Delta.Content
			if delta != nil && c.Delta.Content != "" {
				answer.add(c.Delta.Content)
			}
			choice.Message.Refusal += c.Delta.Refusal
			if c.FinishReason != "" {
				choice.FinishReason = c.FinishReason
			}
		}
	}
	if err := stream.Err(); err != nil {
		return chatCompletion{}, fmt.Errorf("reading the streamed answer: %w", err)
	}
	if choice.FinishReason == "" {
		return chatCompletion{}, errors.New("the streamed answer ended before any chunk gave a finish reason")
	}
	cc.Choices = []chatChoice{choice}
	return cc, nil
}

// answerStream hands on the answer's text as content streams in, less the leading thinking
// block splitThinking takes off, so that the pieces it hands on join into the answer's text.
// Content is held only while it may still open or be inside such a block.
type answerStream struct {
	delta func(string)
	held  strings.Builder
	// through is set once any thinking block is behind: content then goes straight on.
	through bool
	// scanned is how far into held the closing tag has been looked for.
	scanned int
}

func (a *answerStream) add(piece string) {
	if a.through {
		a.delta(piece)
		return
	}
	a.held.WriteString(piece)
	content := a.held.String()
	t := strings.TrimLeft(content, " \t\r\n")
	for _, tag := range []string{"think", "thinking"} {
		open, closing := "<"+tag+">", "</"+tag+">"
		if len(t) < len(open) && strings.HasPrefix(open, t) {
			return // the content may still open a thinking block
		}
		if !strings.HasPrefix(t, open) {
			continue
		}
		rest := t[len(open):]
		from := max(0, min(a.scanned, len(rest))-len(closing))
		i := strings.Index(rest[from:], closing)
		if i < 0 {
			a.scanned = len(rest)
			return
		}
		after := strings.TrimLeft(rest[from+i+len(closing):], " \t\r\n")
		if after == "" {
			return // the answer starts at its first character that is not a space
		}
		a.through = true
		a.delta(after)
		return
	}
	a.through = true
	a.delta(content)
}
