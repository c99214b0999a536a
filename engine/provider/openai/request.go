package openai

import (
	sdk "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"

	"github.com/war-room/war-room/engine/provider"
)

// params builds the Chat Completions body for req. CacheablePrefix needs no marking here:
// OpenAI caches leading prompt tokens on its own, and the prefix already leads the user text.
func (c *Client) params(req provider.Request) (sdk.ChatCompletionNewParams, error) {
	model := req.Model
	if model == "" {
		model = c.model
	}
	if model == "" {
		return sdk.ChatCompletionNewParams{}, provider.Errorf(provider.ClassInvalidRequest, 0,
			"openai: no model in request or config")
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
	if e := effort(req.Effort, c.maxEffort); e != "" {
		p.ReasoningEffort = e
	}
	return p, nil
}

// ladder is war-room's effort scale, lowest first. The SDK's reasoning_effort has the same
// five names (plus "none" and "minimal", which war-room never asks for).
var ladder = []provider.Effort{provider.EffortLow, provider.EffortMedium, provider.EffortHigh,
	provider.EffortXHigh, provider.EffortMax}

// effort maps each rung to the reasoning_effort of the same name, capped at ceiling when set.
// Unset or unknown effort sends nothing, so non-reasoning models are not sent a field they
// reject.
func effort(e, ceiling provider.Effort) shared.ReasoningEffort {
	i, top := rung(e), rung(ceiling)
	if i < 0 {
		return ""
	}
	if top >= 0 && i > top {
		i = top
	}
	return shared.ReasoningEffort(ladder[i])
}

func rung(e provider.Effort) int {
	for i, r := range ladder {
		if r == e {
			return i
		}
	}
	return -1
}
