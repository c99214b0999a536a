package anthropic

import (
	"encoding/json"
	"errors"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/war-room/war-room/engine/provider/internal/httpvendor"
)

// words puts a failed Messages call into words for httpvendor.Classify: a transport failure
// leads with the endpoint, a status failure with the API's own "type: message" (or, from a
// proxy's page the SDK could not parse, the page's start). The status decides the class.
var words = httpvendor.Words{
	Transport: "anthropic: messages",
	Status:    "anthropic",
	FromSDK:   sdkMessage,
	FromBody:  bodyMessage,
}

// sdkMessage is "type: message" from the API error the SDK parsed, when it parsed one.
func sdkMessage(err error) string {
	var ae *sdk.Error
	if errors.As(err, &ae) && ae.Message != "" {
		return httpvendor.Join(string(ae.Type()), ae.Message)
	}
	return ""
}

// bodyMessage reads the API's {"error":{"type","message"}} body when the SDK did not.
func bodyMessage(text string) string {
	var body struct {
		Error struct{ Type, Message string } `json:"error"`
	}
	if json.Unmarshal([]byte(text), &body) == nil && body.Error.Message != "" {
		return body.Error.Type + ": " + body.Error.Message
	}
	return ""
}
