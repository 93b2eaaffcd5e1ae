"""Hainiao local API with Python requests: log in, make a group, create two environments in it,
list, read and update them, start and end one, and clean up. `pip install requests`.

  HAINIAO_API       the service (default http://127.0.0.1:8186)
  HAINIAO_ACCOUNT, HAINIAO_APP_ID, HAINIAO_APP_KEY
                    your API credential; without them the service's current login is used
  HAINIAO_API_KEY   the service's own key (<data>/api-key), when it runs with --api-key on
"""
import os
import sys

import requests

API = os.environ.get("HAINIAO_API", "http://127.0.0.1:8186")
# The service's own key (<data>/api-key), when it runs with --api-key on.
HEADERS = (
    {"Authorization": "Bearer " + os.environ["HAINIAO_API_KEY"]}
    if os.environ.get("HAINIAO_API_KEY")
    else {}
)


def call(path, body=None):
    """POSTs a call and returns its data; raises unless the code (status for /login) is 0."""
    answer = requests.post(API + path, json=body or {}, headers=HEADERS, timeout=90).json()
    code = answer.get("code", answer.get("status"))
    if code != 0:
        raise RuntimeError(f"{path}: {code} {answer.get('message') or answer.get('msg')}")
    return answer["data"]


def main():
    if os.environ.get("HAINIAO_ACCOUNT"):
        login = call("/login", {
            "Account": os.environ["HAINIAO_ACCOUNT"],
            "APP_ID": os.environ["HAINIAO_APP_ID"],
            "APP_KEY": os.environ["HAINIAO_APP_KEY"],
        })
        print("logged in as", login["Account"])

    group = "Python example"
    call("/api/v1/group/create", {"Group_Name": group})
    ids = [
        call("/api/v1/session/create", {
            "Automatic_Configure": 0,
            "Session_Name": f"Python example {n}",
            "Session_Group": group,
            "SystemOS": "Windows",
        })["Session_Id"]
        for n in (1, 2)
    ]
    try:
        listed = call("/api/v1/session/listid", {"Session_GroupName": group})
        print("environments in the group:", listed["total"])

        info = call("/api/v1/session/id_container", {"Session_ID": ids, "Session_container_type": 2})
        for entry in info["listcontainer"]:
            print(entry["Session_ID"], entry["Session_Name"], entry["SystemOS"])

        call("/api/v1/session/update", {"Session_ID": ids[0], "Session_Desc": "updated from Python"})

        started = call("/api/v1/browser/start", {"Session_ID": [ids[0]], "isHeadless": 1})
        for entry in started["listid"]:
            print("start:", entry["Session_ID"], "status", entry["status"],
                  "CDP port", entry.get("browser_CDP_Port"))
        status = call("/api/v1/browser/status", {"Session_ID": [ids[0]]})
        print("running:", status["listcontainer"][0].get("Session_Actived"))
        call("/api/v1/browser/kill", {"Session_ID": [ids[0]]})
    finally:
        deleted = call("/api/v1/session/delete", {"Session_ID": ids})
        print("deleted:", len(deleted["Delete_Session_Success"]))
        call("/api/v1/group/del", {"Group_Name": [group]})
    print("done")


if __name__ == "__main__":
    try:
        main()
    except (RuntimeError, requests.RequestException) as error:
        print(error, file=sys.stderr)
        sys.exit(1)
