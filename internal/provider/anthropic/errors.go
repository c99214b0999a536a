package anthropic

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

// words puts a failed Messages call into words for httpvendor.Classify: a transport failure
// leads with the endpoint, a status failure with the API's own "type: message" (or, from a
// proxy's page the SDK could not parse, the page's start). The status decides the class,
// except where the body says the account's spend limit or credit is exhausted.
var words = httpvendor.Words{
	Transport: "anthropic: messages",
	Status:    "anthropic",
	FromSDK:   sdkMessage,
	FromBody:  bodyMessage,
	Quota:     quota,
}

// sdkMessage is "type: message" from the API error the SDK parsed, when it parsed one.
func sdkMessage(err error) string {
	var ae *sdk.Error
	if errors.As(err, &ae) && ae.Message != "" {
		return httpvendor.Join(string(ae.Type()), ae.Message)
	}
	return ""
}

// errorBody is the API's {"type":"error","error":{…}} shape.
type errorBody struct {
	Error struct {
		Type, Message string
		Details       struct {
			ErrorCode string `json:"error_code"`
		}
	} `json:"error"`
}

// bodyMessage reads the API's error body when the SDK did not.
func bodyMessage(text string) string {
	var body errorBody
	if json.Unmarshal([]byte(text), &body) == nil && body.Error.Message != "" {
		return body.Error.Type + ": " + body.Error.Message
	}
	return ""
}

// quota recognises the ways the API says the organisation cannot spend more: a 429 whose
// error_code is enforced_spend_limit_reached (the tier's monthly cap, no retry-after), a 400
// for a spend limit the organisation set ("You have reached your specified … API usage
// limits") or a credit balance too low, and billing_error. Retrying any of them fails until a
// person acts.
func quota(status int, text string) bool {
	var body errorBody
	if json.Unmarshal([]byte(text), &body) != nil {
		return false
	}
	e := body.Error
	msg := strings.ToLower(e.Message)
	switch {
	case e.Type == "billing_error", status == http.StatusPaymentRequired:
		return true
	case e.Details.ErrorCode == "enforced_spend_limit_reached":
		return true
	case status == http.StatusBadRequest && (strings.Contains(msg, "api usage limits") ||
		strings.Contains(msg, "credit balance is too low")):
		return true
	}
	return false
}
