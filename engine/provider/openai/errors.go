package openai

import (
	"errors"
	"strconv"

	sdk "github.com/openai/openai-go/v3"

	"github.com/war-room/war-room/engine/provider/internal/httpvendor"
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
	}
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
