package openai

import (
	"errors"
	"fmt"
	"net/http"

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
// reason was cut: that is a failed request, never a short answer.
func streamed(res *http.Response, began func()) (chatCompletion, error) {
	stream := ssestream.NewStream[chatChunk](ssestream.NewDecoder(res), nil)
	var cc chatCompletion
	var choice chatChoice
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
