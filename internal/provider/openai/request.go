package openai

import (
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

// chatRequest is the Chat Completions body war-room sends: the fields it sets and nothing
// else. An unset optional field is left out, never sent as null or zero: compatible servers
// reject fields they do not know, and non-reasoning models reject reasoning_effort.
type chatRequest struct {
	Model               string        `json:"model"`
	Messages            []chatMessage `json:"messages"`
	MaxCompletionTokens int64         `json:"max_completion_tokens,omitempty"`
	Seed                *int64        `json:"seed,omitempty"`
	ReasoningEffort     string        `json:"reasoning_effort,omitempty"`
	PromptCacheKey      string        `json:"prompt_cache_key,omitempty"`
	// Stream asks for the answer as server-sent events (unless the request says NoStream),
	// and StreamOptions for the usage in its last chunk: the first chunk tells the engine's
	// warm-up that the prompt is read and cached (provider.Request.Began).
	Stream        bool           `json:"stream"`
	StreamOptions *streamOptions `json:"stream_options,omitempty"`
}

type streamOptions struct {
	IncludeUsage bool `json:"include_usage"`
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// params builds the Chat Completions body for req. CacheBreaks need no marking here: OpenAI
// and Gemini cache leading prompt tokens on their own, and the engine puts the shared part
// first.
func (c *Client) params(req provider.Request) (chatRequest, error) {
	model, err := httpvendor.Model(req.Model, c.model, "openai")
	if err != nil {
		return chatRequest{}, err
	}
	p := chatRequest{Model: model, Messages: make([]chatMessage, 0, 2), Stream: !req.NoStream}
	if p.Stream {
		p.StreamOptions = &streamOptions{IncludeUsage: true}
	}
	if req.System != "" {
		p.Messages = append(p.Messages, chatMessage{Role: "system", Content: req.System})
	}
	p.Messages = append(p.Messages, chatMessage{Role: "user", Content: req.User})
	if req.MaxTokens > 0 {
		p.MaxCompletionTokens = int64(req.MaxTokens)
	}
	p.Seed = req.Seed
	// reasoning_effort has war-room's five names (plus "none" and "minimal", never asked for),
	// so each maps to itself. Unset effort sends nothing: non-reasoning models reject the field.
	p.ReasoningEffort = string(req.Effort)
	if c.cacheKey {
		p.PromptCacheKey = req.CacheKey
	}
	return p, nil
}
