// Package anthropic is the provider adapter for Anthropic's Messages API, built on the official
// Go SDK. It turns a provider.Request into one streamed POST /v1/messages, reads the events
// into the answer and its token usage, and sorts every failure into a provider.Class. The
// first event calls Request.Began; an error event or a stream cut before message_stop is
// ClassTransport.
//
// One Complete is one HTTP request: the SDK's own retries are off, because the engine is the
// one layer that retries (and records every attempt). Effort maps one-to-one onto
// output_config.effort, whose scale has war-room's five names; the engine sends only levels
// the profile accepts. Request.Thinking "adaptive" sends thinking.type adaptive; thinking
// blocks never reach the answer text. Request.CacheBreaks become cache_control breakpoints.
//
// Failures: 408, 409, 429, 5xx (529 overloaded included), network errors, timeouts and
// undecodable bodies are ClassTransport; a spend limit or exhausted credit (429 with
// error_code enforced_spend_limit_reached, the 400 "usage limits" message, 402 billing_error)
// is ClassQuota; every other 4xx is ClassInvalidRequest, naming effort or thinking when the
// message does; stop_reason "refusal" is ClassRefused; stop_reason max_tokens or
// model_context_window_exceeded is ClassTruncated.
package anthropic

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/ssestream"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

// Defaults applied by New to zero Config fields.
const (
	defaultMaxTokens = 8192
	// defaultThinkingMaxTokens is the output budget when thinking is on and the request sets
	// none: thinking tokens count against max_tokens, and 8192 leaves too little answer.
	defaultThinkingMaxTokens = 32000
	// defaultTimeout bounds one HTTP attempt. Setting it also keeps the SDK from refusing large
	// max_tokens values on non-streaming calls, a check it applies only when no timeout is set.
	defaultTimeout = 10 * time.Minute
)

// Config configures a Client. Only APIKey is needed against the real API.
type Config struct {
	APIKey string
	// BaseURL defaults to the SDK's production endpoint; "/v1/messages" is appended to it.
	BaseURL string
	// Model is used when a Request names none.
	Model string
	// HTTPClient sends the requests; nil means one client shared by every adapter of the
	// process, which keeps connections alive for the next call (see httpvendor.Client).
	HTTPClient *http.Client
	// Timeout bounds each HTTP attempt; 0 means DefaultTimeout. The caller's context bounds
	// the call.
	Timeout time.Duration
}

// Client completes prompts through the Messages API. It holds no per-call state and is safe
// for concurrent use.
type Client struct {
	api   *sdk.Client
	model string
	now   func() time.Time
}

var _ provider.Provider = (*Client)(nil)

// New builds a Client. The SDK's environment defaults (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL,
// profiles on disk) are switched off: war-room passes every secret and endpoint explicitly,
// so nothing from the process environment can redirect a call or change its credential.
func New(cfg Config) *Client {
	opts := []option.RequestOption{
		option.WithoutEnvironmentDefaults(),
		option.WithMaxRetries(0),
		option.WithRequestTimeout(httpvendor.OrDefault(cfg.Timeout, defaultTimeout)),
	}
	if cfg.APIKey != "" {
		// The documented header for API keys; the SDK's WithAPIKey sends a bearer token instead.
		opts = append(opts, option.WithHeader("x-api-key", cfg.APIKey))
	}
	if cfg.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(cfg.BaseURL))
	}
	opts = append(opts, option.WithHTTPClient(httpvendor.Client(cfg.HTTPClient)))
	c := sdk.NewClient(opts...)
	return &Client{api: &c, model: cfg.Model, now: time.Now}
}

// Complete sends req as one message. A refusal or a truncated answer returns the Response
// (usage included, so the budget still sees it) together with its classified error.
//
// The SDK sends the request (endpoint, credential, headers, its error parsing) but is handed
// the body already encoded and gives the answer back as bytes: its parameter and message
// types go through reflection-based codecs that cost more per call than the round trip.
func (c *Client) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	params, err := c.params(req)
	if err != nil {
		return provider.Response{}, err
	}
	var parts []answer
	var latency time.Duration
	for {
		msg, took, err := c.send(ctx, params, req.Began, req.Delta)
		latency += took
		if err != nil {
			return provider.Response{}, err
		}
		parts = append(parts, msg)
		if msg.StopReason != stopPauseTurn || len(parts) > maxContinuations {
			break
		}
		// A paused turn goes back as it came, and the model continues it (as Anthropic
		// documents for pause_turn); consecutive assistant turns are read as one.
		params.Messages = append(params.Messages, message{Role: "assistant", Content: msg.raw})
	}
	resp := joined(parts)
	resp.Latency = latency
	last := parts[len(parts)-1]
	if last.StopReason == stopPauseTurn {
		return resp, provider.Errorf(provider.ClassTruncated, 0,
			"anthropic: the model paused its turn (stop_reason pause_turn) and had not finished after %d continuations", maxContinuations)
	}
	return resp, stopFailure(&last, params.MaxTokens)
}

// stopPauseTurn is the stop reason of a turn the API paused; maxContinuations bounds how
// often war-room sends it back to be continued.
const (
	stopPauseTurn    = "pause_turn"
	maxContinuations = 3
)

// send makes one Messages request. began is called at the answer's first event, delta with
// each piece of its text.
func (c *Client) send(ctx context.Context, params messageRequest, began func(), delta func(string)) (answer, time.Duration, error) {
	body, err := httpvendor.EncodeJSON(params)
	if err != nil {
		return answer{}, 0, provider.Errorf(provider.ClassInvalidRequest, 0, "anthropic: encoding the request: %v", err)
	}
	return httpvendor.Call(c.now, words, func(raw **http.Response) (answer, error) {
		var res *http.Response
		if err := c.api.Post(ctx, "v1/messages", body, &res, option.WithResponseInto(raw)); err != nil {
			return answer{}, err
		}
		defer res.Body.Close()
		if !httpvendor.EventStream(res) {
			// A server that ignored "stream" (a proxy, a compatible server) answers whole.
			got, err := io.ReadAll(res.Body)
			if err != nil {
				return answer{}, err
			}
			return whole(res, got)
		}
		return streamed(res, began, delta)
	})
}

// whole reads an answer sent as one JSON body.
func whole(res *http.Response, got []byte) (answer, error) {
	a, err := httpvendor.DecodeAnswer(res, got, fromSDK)
	var blocks struct {
		Content json.RawMessage `json:"content"`
	}
	if err == nil && json.Unmarshal(got, &blocks) == nil {
		a.raw = blocks.Content
	}
	return a, err
}

// streamed reads an answer sent as events, through the SDK's event decoder and its own
// accumulation of them into a message, so that text, stop and usage are read as the SDK reads
// a streamed message. An error event (an overload mid-answer) or a stream that ends before
// message_stop is a failed request, never a short answer. Each text delta goes to delta (when
// set) as it is read; thinking deltas do not.
func streamed(res *http.Response, began func(), delta func(string)) (answer, error) {
	stream := ssestream.NewStream[sdk.MessageStreamEventUnion](ssestream.NewDecoder(res), nil)
	var msg sdk.Message
	stopped := false
	for stream.Next() {
		if began != nil {
			began()
			began = nil
		}
		ev := stream.Current()
		if err := msg.Accumulate(ev); err != nil {
			return answer{}, fmt.Errorf("reading the streamed answer: %w", err)
		}
		if d := ev.Delta; delta != nil && ev.Type == "content_block_delta" && d.Type == "text_delta" && d.Text != "" {
			delta(d.Text)
		}
		stopped = stopped || ev.Type == "message_stop"
	}
	if err := stream.Err(); err != nil {
		return answer{}, err
	}
	if !stopped {
		return answer{}, errors.New("the streamed answer ended before its message_stop event")
	}
	a := fromSDK(&msg)
	raw, err := json.Marshal(msg.ToParam().OfAssistant.Content)
	if err != nil {
		return answer{}, fmt.Errorf("keeping the streamed answer's content: %w", err)
	}
	a.raw = raw
	return a, nil
}
