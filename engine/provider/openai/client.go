// Package openai is the provider adapter for any server speaking OpenAI's Chat Completions API:
// OpenAI itself, Gemini's and Qwen's OpenAI-compatible endpoints, OpenRouter, vLLM, Ollama and
// the llama.cpp server. It sends one non-streaming POST {base}/chat/completions per call through
// the official Go SDK, maps the reply and its usage back, and sorts failures into classes.
//
// Effort maps one-to-one onto reasoning_effort, which the SDK defines up to "xhigh" and "max";
// Config.MaxEffort caps it for servers that stop at "high". Failures: 408, 409, 429, 5xx (503
// overloaded included), network errors, timeouts and undecodable bodies are ClassTransport once
// the SDK's retries are spent; every other 4xx is ClassInvalidRequest; a refusal field or
// finish_reason "content_filter" is ClassRefused.
package openai

import (
	"context"
	"net/http"
	"time"

	sdk "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/provider/internal/httpvendor"
)

// Defaults applied by New to zero Config fields.
const (
	DefaultMaxRetries = 2
	// DefaultTimeout bounds one HTTP attempt.
	DefaultTimeout = 10 * time.Minute
)

// Config configures a Client.
type Config struct {
	// APIKey is sent as a bearer token; empty sends no Authorization header (local servers).
	APIKey string
	// BaseURL is the API root that "/chat/completions" and "/models" are appended to, such as
	// "http://localhost:11434/v1"; empty means OpenAI's own endpoint.
	BaseURL string
	// Model is used when a Request names none.
	Model      string
	HTTPClient *http.Client
	// MaxRetries is how many times the SDK retries a retryable failure (429, 5xx, connection
	// errors): 0 means DefaultMaxRetries, a negative value disables retries.
	MaxRetries int
	// Timeout bounds each HTTP attempt; 0 means DefaultTimeout. The caller's context bounds
	// the whole call, retries included.
	Timeout time.Duration
	// MaxEffort, when set, caps reasoning_effort. OpenAI's newest models accept "xhigh" and
	// "max"; Gemini's endpoint and most local servers stop at "high", so their profiles set it.
	MaxEffort provider.Effort
}

// Client completes prompts through Chat Completions. It holds no per-call state and is safe
// for concurrent use.
type Client struct {
	chat      sdk.ChatCompletionService
	model     string
	maxEffort provider.Effort
	now       func() time.Time
}

var _ provider.Provider = (*Client)(nil)

// New builds a Client. It builds the SDK's services directly rather than through its
// NewClient, which would read OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_ORG_ID and friends from
// the environment and could send an OpenAI key to a third-party or local endpoint.
func New(cfg Config) *Client {
	opts := requestOptions(cfg.BaseURL, cfg.APIKey, cfg.HTTPClient)
	opts = append(opts,
		option.WithMaxRetries(httpvendor.Retries(cfg.MaxRetries, DefaultMaxRetries)),
		option.WithRequestTimeout(httpvendor.OrDefault(cfg.Timeout, DefaultTimeout)))
	return &Client{chat: sdk.NewChatCompletionService(opts...), model: cfg.Model,
		maxEffort: cfg.MaxEffort, now: time.Now}
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
	if hc == nil {
		hc = http.DefaultClient
	}
	return append(opts, option.WithHTTPClient(hc))
}

// Complete sends req as a system and a user message. A refusal or content-filter stop returns
// the Response (usage included, so the budget still sees it) with a ClassRefused error.
func (c *Client) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	params, err := c.params(req)
	if err != nil {
		return provider.Response{}, err
	}
	cc, latency, err := httpvendor.Call(c.now, words("chat completion"),
		func(raw **http.Response) (*sdk.ChatCompletion, error) {
			return c.chat.New(ctx, params, option.WithResponseInto(raw))
		})
	if err != nil {
		return provider.Response{}, err
	}
	resp, err := toResponse(cc)
	resp.Latency = latency
	return resp, err
}
