//go:build extra

package main

// The languages of pulumi-dnsimple-codegen-extra, on an older pkg/v3 (build-language-hosts.sh
// names the versions): pulumi-java's generator does not compile against the CLI's pkg/v3, and
// pkg/v3 dropped its .NET generator (now in pulumi-dotnet, which the module proxy does not serve).

import (
	"bytes"
	"encoding/base64"
	"io"
	"net/http"

	"github.com/pulumi/pulumi-java/pkg/codegen/java"
	"github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

func init() {
	generators["java"] = func(pkg *schema.Package) (map[string][]byte, error) {
		// As `pulumi package gen-sdk` does: not local (the SDK names com.pulumi:pulumi from Maven
		// Central), with Gradle files unless the schema's language.java.buildFiles is "none".
		return java.GeneratePackage(tool, pkg, nil, nil, false, false)
	}
	generators["dotnet"] = func(pkg *schema.Package) (map[string][]byte, error) {
		// The .NET generator downloads the package's logo (the schema's logoUrl, else Pulumi's)
		// into logo.png; offline, logo.png is a transparent pixel and nothing is downloaded.
		http.DefaultTransport = offlineLogo{}
		return dotnet.GeneratePackage(tool, pkg, nil, nil)
	}
}

// transparentPixel is a 1x1 PNG.
const transparentPixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII="

// offlineLogo answers every request with transparentPixel.
type offlineLogo struct{}

func (offlineLogo) RoundTrip(req *http.Request) (*http.Response, error) {
	png, _ := base64.StdEncoding.DecodeString(transparentPixel)
	return &http.Response{
		StatusCode: http.StatusOK, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{"Content-Type": {"image/png"}}, Body: io.NopCloser(bytes.NewReader(png)),
		ContentLength: int64(len(png)), Request: req,
	}, nil
}
