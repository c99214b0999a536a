package openai

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	sdk "github.com/openai/openai-go/v3"

	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

// words puts a failed call to op into words for httpvendor.Classify. Compatible servers
// disagree on the error body's shape, so the status decides the class and the message comes
// from the SDK's parse of OpenAI's shape, else from the other shapes bodyMessage knows.
func words(op string) httpvendor.Words {
	return httpvendor.Words{
		Transport: "openai: " + op,
		Status:    "openai: " + op,
		FromSDK:   sdkMessage,
		FromBody:  bodyMessage,
		Quota:     quota,
		WaitIn:    retryDelay,
	}
}

// quotaCodes are the error types and codes OpenAI uses when the account cannot spend more:
// no credit left, a spend or usage limit reached. They come with status 429 like a rate
// limit, but no wait clears them.
var quotaCodes = map[string]bool{
	"insufficient_quota":                true,
	"credit_balance_exhausted":          true,
	"organization_spend_limit_exceeded": true,
	"project_spend_limit_exceeded":      true,
	"organization_usage_limit_exceeded": true,
	"billing_hard_limit_reached":        true,
}

// quota recognises those codes in OpenAI's {"error":{"type","code"}} shape. Gemini's
// compatible endpoint words its per-minute limits as "exceeded your current quota" too, so
// the message is never read: only the type or code decides.
func quota(status int, text string) bool {
	if status != http.StatusTooManyRequests && status != http.StatusPaymentRequired {
		return false
	}
	var body struct {
		Error struct{ Type, Code string } `json:"error"`
	}
	if json.Unmarshal([]byte(text), &body) != nil {
		return false
	}
	return quotaCodes[body.Error.Type] || quotaCodes[body.Error.Code]
}

// sdkMessage is "kind: message" from the OpenAI error the SDK parsed, when it parsed one.
func sdkMessage(err error) string {
	var ae *sdk.Error
	if errors.As(err, &ae) && ae.Message != "" {
		return httpvendor.Join(kind(ae.Type, ae.Code), ae.Message)
	}
	return ""
}

// kind names an OpenAI error by its type and, when it adds something, its code. A numeric
// code (llama.cpp repeats the HTTP status there) adds nothing.
func kind(typ, code string) string {
	if _, err := strconv.Atoi(code); err == nil {
		code = ""
	}
	switch {
	case code == "" || code == typ:
		return typ
	case typ == "":
		return code
	}
	return typ + "/" + code
}
