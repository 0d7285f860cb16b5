#!/usr/bin/env python3
"""Signs requests with botocore's own S3 signer (S3SigV4Auth), for KiwiObjectStoreTests to compare
Kiwi's signer with: reads a JSON list of requests on stdin, writes the same list with the headers
botocore sent (X-Amz-Date, X-Amz-Content-SHA256, X-Amz-Security-Token, Authorization among them).

A request: {"method", "host", "path" (as meant, not encoded), "query": [[name, value]...],
"headers": {name: value}, "body": text, "key", "secret", "token" (or null), "region"}.
The path is encoded as botocore's S3 serializer encodes a key (every byte but unreserved ones and
"/"), and S3's signer takes it as it is: no normalisation.
"""
import json
import sys
from urllib.parse import quote

from botocore.auth import S3SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

signed = []
for request in json.load(sys.stdin):
    url = "http://" + request["host"] + quote(request["path"], safe="/~")
    aws = AWSRequest(
        method=request["method"],
        url=url,
        headers=dict(request["headers"], Host=request["host"]),
        data=request["body"].encode("utf-8"),
        params=[tuple(pair) for pair in request["query"]],
    )
    credentials = Credentials(request["key"], request["secret"], request["token"])
    S3SigV4Auth(credentials, "s3", request["region"]).add_auth(aws)
    signed.append(dict(request, sent={name: value for name, value in aws.headers.items()}))
json.dump(signed, sys.stdout)
