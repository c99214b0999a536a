package openai

import (
	"errors"
	"fmt"
	"strings"

	sdk "github.com/openai/openai-go/v3"

	"github.com/war-room/war-room/engine/provider"
)

// chatCompletion is the part of a Chat Completions answer war-room reads.
type chatCompletion struct {
	Model   string       `json:"model"`
	Choices []chatChoice `json:"choices"`
	Usage   chatUsage    `json:"usage"`
}

type chatChoice struct {
	Message struct {
		Content string `json:"content"`
		Refusal string `json:"refusal"`
	} `json:"message"`
	FinishReason string `json:"finish_reason"`
}

type chatUsage struct {
	PromptTokens        int64 `json:"prompt_tokens"`
	CompletionTokens    int64 `json:"completion_tokens"`
	TotalTokens         int64 `json:"total_tokens"`
	PromptTokensDetails struct {
		CachedTokens     int64 `json:"cached_tokens"`
		CacheWriteTokens int64 `json:"cache_write_tokens"`
	} `json:"prompt_tokens_details"`
	CompletionTokensDetails struct {
		ReasoningTokens int64 `json:"reasoning_tokens"`
	} `json:"completion_tokens_details"`
}

// fromSDK copies the fields war-room reads out of the SDK's reading, for an answer the strict
// decoder refused (httpvendor.DecodeAnswer).
func fromSDK(l *sdk.ChatCompletion) chatCompletion {
	cc := chatCompletion{Model: l.Model}
	for _, ch := range l.Choices {
		var c chatChoice
		c.Message.Content, c.Message.Refusal, c.FinishReason = ch.Message.Content, ch.Message.Refusal, ch.FinishReason
		cc.Choices = append(cc.Choices, c)
	}
	u := &cc.Usage
	u.PromptTokens, u.CompletionTokens, u.TotalTokens = l.Usage.PromptTokens, l.Usage.CompletionTokens, l.Usage.TotalTokens
	u.PromptTokensDetails.CachedTokens = l.Usage.PromptTokensDetails.CachedTokens
	u.PromptTokensDetails.CacheWriteTokens = l.Usage.PromptTokensDetails.CacheWriteTokens
	u.CompletionTokensDetails.ReasoningTokens = l.Usage.CompletionTokensDetails.ReasoningTokens
	return cc
}

// toResponse maps the first choice. prompt_tokens counts every input token, cached and
// cache-written ones included, so those are taken out of InputTokens to keep Usage.Total
// from counting them twice; reasoning tokens are part of completion_tokens and broken out.
// Gemini's compatible endpoint counts its thinking only in total_tokens (prompt 66,
// completion 6, total 100): what total_tokens holds beyond the two is thinking, billed as
// output, and counted so. A local reasoning model's <think>…</think> at the start of the
// content is thinking too: it leaves the answer and is counted as thinking.
func toResponse(cc *chatCompletion, sent chatRequest) (provider.Response, error) {
	u := cc.Usage
	read, write := u.PromptTokensDetails.CachedTokens, u.PromptTokensDetails.CacheWriteTokens
	unreported := max(0, u.TotalTokens-u.PromptTokens-u.CompletionTokens)
	resp := provider.Response{
		Usage: provider.Usage{
			InputTokens:      max(0, u.PromptTokens-read-write),
			OutputTokens:     u.CompletionTokens + unreported,
			CacheReadTokens:  read,
			CacheWriteTokens: write,
			ThinkingTokens:   u.CompletionTokensDetails.ReasoningTokens + unreported,
		},
		Model: cc.Model,
	}
	if len(cc.Choices) == 0 {
		return resp, &provider.Error{Class: provider.ClassTransport,
			Err: errors.New("openai: chat completion has no choices")}
	}
	ch := cc.Choices[0]
	resp.StopReason = ch.FinishReason
	var thought string
	resp.Text, thought = splitThinking(ch.Message.Content)
	if thought != "" && resp.Usage.ThinkingTokens == 0 {
		// Counted at four bytes a token, as war-room estimates prompts, within the output the
		// server reported.
		resp.Usage.ThinkingTokens = min(resp.Usage.OutputTokens, int64(len(thought)+3)/4)
	}
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
func truncated(resp provider.Response, sent chatRequest) error {
	budget := "the server's own output limit or context size"
	if sent.MaxCompletionTokens > 0 {
		budget = fmt.Sprintf("max_completion_tokens %d", sent.MaxCompletionTokens)
	}
	got := "a partial answer"
	if strings.TrimSpace(resp.Text) == "" {
		got = "no answer text"
	}
	return provider.Errorf(provider.ClassTruncated, 0,
		"openai: answer cut off at %s (finish_reason length, %d output tokens of which %d reasoning; %s came back)",
		budget, resp.Usage.OutputTokens, resp.Usage.ThinkingTokens, got)
}

// splitThinking takes a leading <think>…</think> block (or <thinking>…</thinking>) off
// content, as local servers without a reasoning parser (vLLM, llama.cpp, older Ollama) leave
// it there; the answer is what follows. An unclosed block is all thinking: no answer came.
func splitThinking(content string) (answer, thought string) {
	t := strings.TrimLeft(content, " \t\r\n")
	for _, tag := range []string{"think", "thinking"} {
		open, closing := "<"+tag+">", "</"+tag+">"
		if !strings.HasPrefix(t, open) {
			continue
		}
		rest := t[len(open):]
		i := strings.Index(rest, closing)
		if i < 0 {
			return "", rest
		}
		return strings.TrimLeft(rest[i+len(closing):], " \t\r\n"), rest[:i]
	}
	return content, ""
}
