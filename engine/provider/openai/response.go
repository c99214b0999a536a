package openai

import (
	"errors"

	sdk "github.com/openai/openai-go/v3"

	"github.com/war-room/war-room/engine/provider"
)

// toResponse maps the first choice. prompt_tokens counts every input token, cached and
// cache-written ones included, so those are taken out of InputTokens to keep Usage.Total
// from counting them twice.
func toResponse(cc *sdk.ChatCompletion) (provider.Response, error) {
	u := cc.Usage
	read, write := u.PromptTokensDetails.CachedTokens, u.PromptTokensDetails.CacheWriteTokens
	resp := provider.Response{
		Usage: provider.Usage{
			InputTokens:      max(0, u.PromptTokens-read-write),
			OutputTokens:     u.CompletionTokens,
			CacheReadTokens:  read,
			CacheWriteTokens: write,
		},
		Model: cc.Model,
	}
	if len(cc.Choices) == 0 {
		return resp, &provider.Error{Class: provider.ClassTransport,
			Err: errors.New("openai: chat completion has no choices")}
	}
	ch := cc.Choices[0]
	resp.Text, resp.StopReason = ch.Message.Content, ch.FinishReason
	switch {
	case ch.Message.Refusal != "":
		return resp, provider.Errorf(provider.ClassRefused, 0, "openai: model refused: %s", ch.Message.Refusal)
	case ch.FinishReason == "content_filter":
		return resp, provider.Errorf(provider.ClassRefused, 0, "openai: content filter stopped the answer")
	}
	return resp, nil
}
