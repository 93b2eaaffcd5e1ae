"""Hainiao local API with Selenium: create an environment, start it, attach Selenium to its browser
through the chromedriver the answer names (webdriver) and browser_CDP_Port, then end and delete it.
`pip install requests selenium`.

  HAINIAO_API       the service (default http://127.0.0.1:8186)
  HAINIAO_ACCOUNT, HAINIAO_APP_ID, HAINIAO_APP_KEY
                    your API credential; without them the service's current login is used
  HAINIAO_API_KEY   the service's own key (<data>/api-key), when it runs with --api-key on
  HAINIAO_HEADLESS  1 (default) without a window, 0 with one
  HAINIAO_URL       the page to open (default https://example.com)
"""
import os
import sys

import requests
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

API = os.environ.get("HAINIAO_API", "http://127.0.0.1:8186")
# The service's own key (<data>/api-key), when it runs with --api-key on.
HEADERS = (
    {"Authorization": "Bearer " + os.environ["HAINIAO_API_KEY"]}
    if os.environ.get("HAINIAO_API_KEY")
    else {}
)
URL = os.environ.get("HAINIAO_URL", "https://example.com")


def call(path, body=None):
    """POSTs a call and returns its data; raises unless the code (status for /login) is 0."""
    answer = requests.post(API + path, json=body or {}, headers=HEADERS, timeout=90).json()
    code = answer.get("code", answer.get("status"))
    if code != 0:
        raise RuntimeError(f"{path}: {code} {answer.get('message') or answer.get('msg')}")
    return answer["data"]


def main():
    if os.environ.get("HAINIAO_ACCOUNT"):
        call("/login", {
            "Account": os.environ["HAINIAO_ACCOUNT"],
            "APP_ID": os.environ["HAINIAO_APP_ID"],
            "APP_KEY": os.environ["HAINIAO_APP_KEY"],
        })

    session_id = call("/api/v1/session/create", {
        "Automatic_Configure": 0,
        "Session_Name": "Selenium example",
    })["Session_Id"]
    try:
        started = call("/api/v1/browser/start", {
            "Session_ID": [session_id],
            "isHeadless": int(os.environ.get("HAINIAO_HEADLESS", "1")),
        })["listid"][0]
        if started["status"] != 0:
            raise RuntimeError(f"start: status {started['status']} {started.get('message', '')}")

        # Attach to the environment's running browser instead of launching a new one.
        options = Options()
        options.debugger_address = f"127.0.0.1:{started['browser_CDP_Port']}"
        driver = webdriver.Chrome(service=Service(executable_path=started["webdriver"]),
                                  options=options)
        try:
            driver.get(URL)
            print("title:", driver.title)
            print("user agent:", driver.execute_script("return navigator.userAgent"))
        finally:
            driver.quit()
    finally:
        call("/api/v1/browser/kill", {"Session_ID": [session_id]})
        call("/api/v1/session/delete", {"Session_ID": [session_id]})
    print("done")


if __name__ == "__main__":
    try:
        main()
    except (RuntimeError, requests.RequestException) as error:
        print(error, file=sys.stderr)
        sys.exit(1)
