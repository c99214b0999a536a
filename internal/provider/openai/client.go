// Package openai is the provider adapter for any server speaking OpenAI's Chat Completions API:
// OpenAI itself, Gemini's and Qwen's OpenAI-compatible endpoints, OpenRouter, vLLM, Ollama and
// the llama.cpp server. It sends one streamed POST {base}/chat/completions per call through
// the official Go SDK (usage asked for in the last chunk), reads the chunks into the answer
// and its usage, and sorts failures into classes. The first chunk calls Request.Began; an
// error chunk or a stream cut before a finish reason and [DONE] is ClassTransport. A server
// that ignores "stream" and answers whole is read as before.
//
// One Complete is one HTTP request: the SDK's own retries are off, because the engine is the
// one layer that retries (and records every attempt). Effort maps one-to-one onto
// reasoning_effort; the engine sends only levels the profile accepts, and none at all to a
// model that takes none. Request.CacheKey becomes prompt_cache_key when Config.PromptCacheKey
// says the endpoint takes it.
//
// Failures: 408, 409, 429, 5xx (503 overloaded included), network errors, timeouts and
// undecodable bodies are ClassTransport; a 429 or 402 whose error says the account's quota,
// credit or spend limit is exhausted (insufficient_quota and its codes) is ClassQuota; every
// other 4xx is ClassInvalidRequest, naming effort when the message does; a refusal field or
// finish_reason "content_filter" is ClassRefused; finish_reason "length" is ClassTruncated,
// with or without partial content (a reasoning model can spend the whole budget reasoning).
package openai

import (
	"context"
	"io"
	"net/http"
	"time"

	sdk "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

// defaultTimeout bounds one HTTP attempt when Config.Timeout is zero.
const defaultTimeout = 10 * time.Minute

// Config configures a Client.
type Config struct {
	// APIKey is sent as a bearer token; empty sends no Authorization header (local servers).
	APIKey string
	// BaseURL is the API root that "/chat/completions" and "/models" are appended to, such as
	// "http://localhost:11434/v1"; empty means OpenAI's own endpoint.
	BaseURL string
	// Model is used when a Request names none.
	Model string
	// HTTPClient sends the requests; nil means one client shared by every adapter of the
	// process, which keeps connections alive for the next call (see httpvendor.Client).
	HTTPClient *http.Client
	// Timeout bounds each HTTP attempt; 0 means DefaultTimeout. The caller's context bounds
	// the call.
	Timeout time.Duration
	// PromptCacheKey sends Request.CacheKey as prompt_cache_key. OpenAI's endpoint routes on
	// it so that a session's calls reach the machine that holds their prefix; compatible
	// servers may reject the unknown field, so it is off unless set.
	PromptCacheKey bool
	// LocalServer says the endpoint is a local server (Ollama, vLLM, llama.cpp) that may
	// report its context size; only then does Client.ContextSize ask.
	LocalServer bool
}

// Client completes prompts through Chat Completions. It holds no per-call state and is safe
// for concurrent use.
type Client struct {
	api      *sdk.Client
	model    string
	cacheKey bool
	local    Config // endpoint, key and client, kept for ContextSize when LocalServer
	// base, key and hc reach the model endpoints for Check.
	base, key string
	hc        *http.Client
	now       func() time.Time
}

var _ provider.Provider = (*Client)(nil)

// New builds a Client. It builds the SDK's client directly rather than through its
// NewClient, which would read OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_ORG_ID and friends from
// the environment and could send an OpenAI key to a third-party or local endpoint.
func New(cfg Config) *Client {
	opts := requestOptions(cfg.BaseURL, cfg.APIKey, cfg.HTTPClient)
	opts = append(opts,
		option.WithMaxRetries(0),
		option.WithRequestTimeout(httpvendor.OrDefault(cfg.Timeout, defaultTimeout)))
	c := &Client{api: &sdk.Client{Options: opts}, model: cfg.Model,
		cacheKey: cfg.PromptCacheKey, base: cfg.BaseURL, key: cfg.APIKey, hc: cfg.HTTPClient, now: time.Now}
	if cfg.LocalServer {
		c.local = cfg
	}
	return c
}

// requestOptions are the endpoint, credential and transport shared by every call.
func requestOptions(baseURL, apiKey string, hc *http.Client) []option.RequestOption {
	opts := []option.RequestOption{option.WithEnvironmentProduction()}
	if baseURL != "" {
		opts = append(opts, option.WithBaseURL(baseURL))
	}
	if apiKey != "" {
		opts = append(opts, option.WithAPIKey(apiKey))
	}
	return append(opts, option.WithHTTPClient(httpvendor.Client(hc)))
}

// Complete sends req as a system and a user message. A refusal, content-filter or length stop
// returns the Response (usage included, so the budget still sees it) with its classified error.
//
// The SDK sends the request (endpoint, credential, headers, its error parsing) but is handed
// the body already encoded and gives the answer back as bytes: its parameter and answer
// types go through reflection-based codecs that cost more per call than the round trip.
func (c *Client) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	params, err := c.params(req)
	if err != nil {
		return provider.Response{}, err
	}
	body, err := httpvendor.EncodeJSON(params)
	if err != nil {
		return provider.Response{}, provider.Errorf(provider.ClassInvalidRequest, 0, "openai: encoding the request: %v", err)
	}
	cc, latency, err := httpvendor.Call(c.now, words("chat completion"),
		func(raw **http.Response) (chatCompletion, error) {
			var res *http.Response
			if err := c.api.Post(ctx, "chat/completions", body, &res, option.WithResponseInto(raw)); err != nil {
				return chatCompletion{}, err
			}
			defer res.Body.Close()
			if !httpvendor.EventStream(res) {
				// A server that ignored "stream" answers whole.
				answer, err := io.ReadAll(res.Body)
				if err != nil {
					return chatCompletion{}, err
				}
				return httpvendor.DecodeAnswer(res, answer, fromSDK)
			}
			return streamed(res, req.Began, req.Delta)
		})
	if err != nil {
		return provider.Response{}, err
	}
	resp, err := toResponse(&cc, params)
	resp.Latency = latency
	return resp, err
}

// ContextSize asks a local server how much context it gives the configured model (see the
// package function ContextSize); 0 and "" for an endpoint that is not a local server.
func (c *Client) ContextSize(ctx context.Context) (int, string) {
	if !c.local.LocalServer {
		return 0, ""
	}
	return ContextSize(ctx, c.local.BaseURL, c.local.APIKey, c.model, c.local.HTTPClient)
}
