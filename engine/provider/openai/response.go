package openai

import (
	"errors"
	"fmt"
	"strings"

	sdk "github.com/openai/openai-go/v3"

	"github.com/war-room/war-room/engine/provider"
)

// toResponse maps the first choice. prompt_tokens counts every input token, cached and
// cache-written ones included, so those are taken out of InputTokens to keep Usage.Total
// from counting them twice; reasoning tokens are part of completion_tokens and broken out.
func toResponse(cc *sdk.ChatCompletion, sent sdk.ChatCompletionNewParams) (provider.Response, error) {
	u := cc.Usage
	read, write := u.PromptTokensDetails.CachedTokens, u.PromptTokensDetails.CacheWriteTokens
	resp := provider.Response{
		Usage: provider.Usage{
			InputTokens:      max(0, u.PromptTokens-read-write),
			OutputTokens:     u.CompletionTokens,
			CacheReadTokens:  read,
			CacheWriteTokens: write,
			ThinkingTokens:   u.CompletionTokensDetails.ReasoningTokens,
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
	case ch.FinishReason == "length":
		return resp, truncated(resp, sent)
	}
	return resp, nil
}

// truncated words a length stop: how much budget was asked, how much of it went on reasoning,
// and whether anything at all came back.
func truncated(resp provider.Response, sent sdk.ChatCompletionNewParams) error {
	budget := "the server's own output limit or context size"
	if sent.MaxCompletionTokens.Valid() {
		budget = fmt.Sprintf("max_completion_tokens %d", sent.MaxCompletionTokens.Value)
	}
	got := "a partial answer"
	if strings.TrimSpace(resp.Text) == "" {
		got = "no answer text"
	}
	return provider.Errorf(provider.ClassTruncated, 0,
		"openai: answer cut off at %s (finish_reason length, %d output tokens of which %d reasoning; %s came back)",
		budget, resp.Usage.OutputTokens, resp.Usage.ThinkingTokens, got)
}
