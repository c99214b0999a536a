// Package anthropic is the provider adapter for Anthropic's Messages API, built on the official
// Go SDK. It turns a provider.Request into one non-streaming POST /v1/messages, maps the reply
// and its token usage back, and sorts every failure into a provider.Class.
//
// Effort maps one-to-one onto output_config.effort, whose scale has the same five names (low,
// medium, high, xhigh, max); Config.MaxEffort caps it for models that stop lower. Failures:
// 408, 409, 429, 5xx (529 overloaded included), network errors, timeouts and undecodable
// bodies are ClassTransport once the SDK's retries are spent; every other 4xx is
// ClassInvalidRequest; stop_reason "refusal" is ClassRefused.
package anthropic

import (
	"context"
	"net/http"
	"time"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/provider/internal/httpvendor"
)

// Defaults applied by New to zero Config fields.
const (
	DefaultMaxRetries = 2
	DefaultMaxTokens  = 8192
	// DefaultTimeout bounds one HTTP attempt. Setting it also keeps the SDK from refusing large
	// max_tokens values on non-streaming calls, a check it applies only when no timeout is set.
	DefaultTimeout = 10 * time.Minute
)

// Config configures a Client. Only APIKey is needed against the real API.
type Config struct {
	APIKey string
	// BaseURL defaults to the SDK's production endpoint; "/v1/messages" is appended to it.
	BaseURL string
	// Model is used when a Request names none.
	Model      string
	HTTPClient *http.Client
	// MaxRetries is how many times the SDK retries a retryable failure (429, 5xx, 529,
	// connection errors): 0 means DefaultMaxRetries, a negative value disables retries.
	MaxRetries int
	// Timeout bounds each HTTP attempt; 0 means DefaultTimeout. The caller's context bounds
	// the whole call, retries included.
	Timeout time.Duration
	// MaxEffort, when set, caps the effort sent: models older than the effort ladder's top
	// rungs reject "xhigh" (and some "max"), so a profile for such a model sets "high" here.
	MaxEffort provider.Effort
}

// Client completes prompts through the Messages API. It holds no per-call state and is safe
// for concurrent use.
type Client struct {
	messages  sdk.MessageService
	model     string
	maxEffort provider.Effort
	now       func() time.Time
}

var _ provider.Provider = (*Client)(nil)

// New builds a Client. The SDK's environment defaults (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL,
// profiles on disk) are switched off: war-room passes every secret and endpoint explicitly,
// so nothing from the process environment can redirect a call or change its credential.
func New(cfg Config) *Client {
	opts := []option.RequestOption{
		option.WithoutEnvironmentDefaults(),
		option.WithMaxRetries(httpvendor.Retries(cfg.MaxRetries, DefaultMaxRetries)),
		option.WithRequestTimeout(httpvendor.OrDefault(cfg.Timeout, DefaultTimeout)),
	}
	if cfg.APIKey != "" {
		// The documented header for API keys; the SDK's WithAPIKey sends a bearer token instead.
		opts = append(opts, option.WithHeader("x-api-key", cfg.APIKey))
	}
	if cfg.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(cfg.BaseURL))
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	opts = append(opts, option.WithHTTPClient(hc))
	c := sdk.NewClient(opts...)
	return &Client{messages: c.Messages, model: cfg.Model, maxEffort: cfg.MaxEffort, now: time.Now}
}

// Complete sends req as one message. A refusal returns the Response (usage included, so the
// budget still sees it) together with a ClassRefused error.
func (c *Client) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	params, err := c.params(req)
	if err != nil {
		return provider.Response{}, err
	}
	msg, latency, err := httpvendor.Call(c.now, words, func(raw **http.Response) (*sdk.Message, error) {
		return c.messages.New(ctx, params, option.WithResponseInto(raw))
	})
	if err != nil {
		return provider.Response{}, err
	}
	resp := toResponse(msg)
	resp.Latency = latency
	return resp, refusal(msg)
}
