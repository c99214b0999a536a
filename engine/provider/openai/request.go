package openai

import (
	sdk "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/provider/internal/httpvendor"
)

// params builds the Chat Completions body for req. CacheBreaks need no marking here: OpenAI
// and Gemini cache leading prompt tokens on their own, and the engine puts the shared part
// first.
func (c *Client) params(req provider.Request) (sdk.ChatCompletionNewParams, error) {
	model, err := httpvendor.Model(req.Model, c.model, "openai")
	if err != nil {
		return sdk.ChatCompletionNewParams{}, err
	}
	p := sdk.ChatCompletionNewParams{Model: shared.ChatModel(model)}
	if req.System != "" {
		p.Messages = append(p.Messages, sdk.SystemMessage(req.System))
	}
	p.Messages = append(p.Messages, sdk.UserMessage(req.User))
	if req.MaxTokens > 0 {
		p.MaxCompletionTokens = sdk.Int(int64(req.MaxTokens))
	}
	if req.Seed != nil {
		p.Seed = sdk.Int(*req.Seed)
	}
	// reasoning_effort has war-room's five names (plus "none" and "minimal", never asked for),
	// so each maps to itself. Unset effort sends nothing: non-reasoning models reject the field.
	if req.Effort != "" {
		p.ReasoningEffort = shared.ReasoningEffort(req.Effort)
	}
	if c.cacheKey && req.CacheKey != "" {
		p.PromptCacheKey = sdk.String(req.CacheKey)
	}
	return p, nil
}
